import { Alert, Button, FileButton, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { brandingErrorCodes, LOGO_MAX_DIMENSION } from '@rmm/domain/branding';
import { links } from '@rmm/domain/links';
import { IconAlertCircle, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError } from '../../../lib/api.ts';
import { base64Of, type CropArea, readAsDataUrl } from '../image-resize.ts';
import { useUploadLogo } from '../queries.ts';
import { useDelayedResize } from '../use-delayed-resize.ts';
import { ImageEditor } from './image-editor.tsx';

const accepted = 'image/png,image/jpeg,image/webp';

/** `/editor/websiteBranding`: the logo's image editor. Choose, crop, resize (after 200 ms), upload as PNG. */
export const WebsiteBrandingEditor = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = useHasPermission('settings.manage');
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState<CropArea | null>(null);
  const [isUnreadable, setUnreadable] = useState(false);
  const { result, isResizing, isFailed } = useDelayedResize(source, crop, LOGO_MAX_DIMENSION);
  const upload = useUploadLogo();

  const choose = async (file: File | null) => {
    if (!file) return;
    upload.reset();
    setCrop(null);
    try {
      setSource(await readAsDataUrl(file));
      setUnreadable(false);
    } catch {
      setUnreadable(true);
    }
  };

  const send = () => {
    if (!result) return;
    upload.mutate(
      { file: base64Of(result.dataUrl), fileName: 'logo.png', mimeType: 'image/png' },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('branding.editor.uploaded') });
          navigate(links.branding('general'));
        },
      },
    );
  };

  const uploadError =
    upload.error instanceof ApiError && upload.error.code === brandingErrorCodes.imageSuspicious
      ? t('spec.images.suspicious')
      : upload.error
        ? t('spec.images.uploadError')
        : null;

  return (
    <>
      <PageHeader title={t('branding.editor.title')} />
      <Stack maw={760}>
        {!canManage && <Alert color="gray">{t('branding.readOnly')}</Alert>}
        <Group>
          <FileButton onChange={choose} accept={accepted} disabled={!canManage}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconPhoto size={16} />}>
                {t('branding.editor.choose')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            {t('branding.editor.chooseHelp')}
          </Text>
        </Group>
        {(isUnreadable || isFailed) && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {t('branding.editor.notAnImage')}
          </Alert>
        )}
        {source && <ImageEditor source={source} onCrop={setCrop} />}
        {source && (
          <Paper withBorder p="md">
            <Title order={5} mb="xs">
              {t('branding.preview')}
            </Title>
            {isResizing && <Text c="dimmed">{t('branding.editor.resizing')}</Text>}
            {result && (
              <Stack gap="xs">
                <Image src={result.dataUrl} alt={t('branding.preview')} h={48} w="auto" fit="contain" />
                <Text size="sm">
                  {t('branding.editor.result', { width: result.width, height: result.height })}
                </Text>
              </Stack>
            )}
          </Paper>
        )}
        {uploadError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={uploadError}>
            {upload.error instanceof ApiError && upload.error.message !== uploadError
              ? upload.error.message
              : null}
          </Alert>
        )}
        <Group>
          <Button onClick={send} disabled={!canManage || !result} loading={upload.isPending}>
            {t('branding.editor.upload')}
          </Button>
        </Group>
      </Stack>
    </>
  );
};
