import { Alert, Button, ColorInput, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type BrandingSettings, HEX_COLOR_PATTERN, PRODUCT_NAME_MAX_LENGTH } from '@rmm/domain/branding';
import { links } from '@rmm/domain/links';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { formatByteSize } from '../../../lib/format.ts';
import { useBrandingSettingsQuery, useRemoveLogo, useUpdateBranding } from '../queries.ts';
import { saveCallbacks } from './save-notifications.ts';

const NameAndColor = ({ settings, canManage }: { settings: BrandingSettings; canManage: boolean }) => {
  const { t } = useTranslation();
  const update = useUpdateBranding();
  const [productName, setProductName] = useState(settings.productName);
  const [color, setColor] = useState(settings.primaryColor ?? '');
  const isColorValid = color === '' || HEX_COLOR_PATTERN.test(color);
  const isValid = productName.trim() !== '' && isColorValid;
  const disabled = !canManage || update.isPending;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (canManage && isValid)
          update.mutate(
            { productName: productName.trim(), primaryColor: color === '' ? null : color },
            saveCallbacks(t('branding.saved')),
          );
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t('branding.productName')}
          description={t('branding.productNameHelp')}
          value={productName}
          onChange={(event) => setProductName(event.currentTarget.value)}
          maxLength={PRODUCT_NAME_MAX_LENGTH}
          required
          disabled={disabled}
          maw={420}
        />
        <Group align="flex-end">
          <ColorInput
            label={t('branding.primaryColor')}
            description={t('branding.primaryColorHelp')}
            format="hex"
            value={color}
            onChange={setColor}
            error={isColorValid ? undefined : t('branding.primaryColorInvalid')}
            disabled={disabled}
            w={260}
          />
          <Button variant="subtle" onClick={() => setColor('')} disabled={disabled || color === ''}>
            {t('branding.defaultColor')}
          </Button>
        </Group>
        <Group>
          <Button type="submit" disabled={!canManage || !isValid} loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

const Logo = ({ settings, canManage }: { settings: BrandingSettings; canManage: boolean }) => {
  const { t } = useTranslation();
  const location = useLocation();
  const remove = useRemoveLogo();
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: t('branding.removeLogo'),
      children: <Text size="sm">{t('branding.removeLogoConfirm')}</Text>,
      labels: { confirm: t('branding.removeLogo'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(undefined, saveCallbacks(t('branding.saved'))),
    });
  const { logo } = settings;
  return (
    <Stack gap="sm">
      {logo ? (
        <Group>
          <Image src={logo.url} alt={t('branding.logo')} h={48} w="auto" fit="contain" />
          <Text size="sm" c="dimmed">
            {t('branding.logoSize', {
              width: logo.width,
              height: logo.height,
              size: formatByteSize(logo.size),
            })}
          </Text>
        </Group>
      ) : (
        <Text c="dimmed">{t('branding.noLogo')}</Text>
      )}
      {canManage && (
        <Group>
          <Button
            component={Link}
            to={links.websiteBrandingEditor()}
            state={{ from: location.pathname }}
            variant="light"
          >
            {logo ? t('branding.changeLogo') : t('branding.uploadLogo')}
          </Button>
          {logo && (
            <Button variant="subtle" color="red" onClick={confirmRemove} loading={remove.isPending}>
              {t('branding.removeLogo')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
};

/** The branding's first tab: product name and primary colour (one form), and the logo. */
export const BrandingGeneralForm = ({ canManage }: { canManage: boolean }) => {
  const { t } = useTranslation();
  const query = useBrandingSettingsQuery();
  return (
    <QueryState query={query}>
      {(settings) => (
        <Stack maw={720}>
          {!canManage && <Alert color="gray">{t('branding.readOnly')}</Alert>}
          <Paper withBorder p="md">
            <NameAndColor settings={settings} canManage={canManage} />
          </Paper>
          <Paper withBorder p="md">
            <Title order={4}>{t('branding.logo')}</Title>
            <Text c="dimmed" size="sm" mb="md">
              {t('branding.logoHelp')}
            </Text>
            <Logo settings={settings} canManage={canManage} />
          </Paper>
        </Stack>
      )}
    </QueryState>
  );
};
