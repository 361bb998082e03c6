import { Button, Group, Image, Modal, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type AttachmentPreviewTarget = { name: string; url: string };

/**
 * An image shown from its signed URL (spec §2 attachment viewer). Escape closes the preview alone: the
 * keystroke stops here, so the help panel under it stays open.
 */
export const AttachmentPreview = ({
  preview,
  onClose,
}: {
  preview: AttachmentPreviewTarget | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Modal
      opened={preview !== null}
      onClose={onClose}
      title={preview?.name}
      size="xl"
      centered
      closeOnEscape={false}
      closeButtonProps={{ 'aria-label': t('attachments.previewClose') }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
    >
      {preview && (
        <Stack gap="sm">
          <Image src={preview.url} alt={preview.name} fit="contain" mah="70vh" />
          <Group justify="flex-end">
            <Button
              component="a"
              href={preview.url}
              download={preview.name}
              variant="default"
              leftSection={<IconDownload size={16} />}
            >
              {t('attachments.downloadButton')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};
