import { Alert, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { CreateEnrollmentTokenResponse } from '@rmm/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { agentCommand } from '../enrollment-command.ts';
import { CommandBlock } from './command-block.tsx';
import { InstallNotes } from './install-notes.tsx';

/** The token, shown this once, as a command to run on the device, and the per-platform notes. */
export const EnrollmentResult = ({
  created,
  server,
  onDone,
}: {
  created: CreateEnrollmentTokenResponse;
  server: string;
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Stack>
      <Text size="sm">{t('devices.add.runThis')}</Text>
      <CommandBlock command={agentCommand(server, created.token)} label={t('devices.add.command')} />
      <Text size="xs" c="dimmed">
        {t('devices.add.expires', { time: dayjs(created.expiresAt).format('YYYY-MM-DD HH:mm') })}
      </Text>
      <Alert variant="light" icon={<IconInfoCircle size={18} />}>
        {t('devices.add.requirements')}
      </Alert>
      <Divider />
      <Title order={4}>{t('devices.install.title')}</Title>
      <InstallNotes server={server} token={created.token} />
      <Text size="sm" c="dimmed">
        {t('devices.add.appearsLive')}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('common.done')}</Button>
      </Group>
    </Stack>
  );
};
