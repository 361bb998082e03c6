import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconKey, IconLink } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SecretValue } from '../../../components/secret-value.tsx';

/** The one-time link to set a password, how long it works, and a Done button. */
export const OneTimeLink = ({
  link,
  name,
  kind = 'invitation',
  onDone,
}: {
  link: { url: string; expiresAt: string };
  name: string;
  kind?: 'invitation' | 'reset';
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  const expires = dayjs(link.expiresAt).format('YYYY-MM-DD HH:mm');
  return (
    <Stack>
      <Alert color="blue" icon={<IconLink size={18} />} title={t('users.oneTimeLink')}>
        <Text size="sm">
          {t(kind === 'invitation' ? 'users.linkHint' : 'users.resetHint', { name, expires })}
        </Text>
      </Alert>
      <SecretValue value={link.url} copyLabel={t('users.copyLink')} />
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {t('common.done')}
        </Button>
      </Group>
    </Stack>
  );
};

/** The API token, shown once after it is made. */
export const OneTimeToken = ({ token, onDone }: { token: string; onDone: () => void }) => {
  const { t } = useTranslation();
  return (
    <Stack>
      <Alert color="yellow" icon={<IconKey size={18} />} role="alert">
        {t('users.tokenOnce')}
      </Alert>
      <SecretValue value={token} copyLabel={t('users.copyToken')} />
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {t('common.done')}
        </Button>
      </Group>
    </Stack>
  );
};
