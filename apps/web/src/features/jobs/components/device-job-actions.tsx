import { Button, Drawer, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Device } from '@rmm/domain';
import { IconTerminal2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { RebootDeviceButton } from './reboot-device-button.tsx';
import { RunScriptPanel } from './run-script-panel.tsx';

/**
 * The device dashboard's job actions: Run script (a side panel) for users who may run library scripts
 * or ad-hoc code, and Reboot for users who may run jobs.
 */
export const DeviceJobActions = ({ device }: { device: Device }) => {
  const { t } = useTranslation();
  const canRunJobs = useHasPermission('jobs.run');
  const canRunScripts = useHasPermission('scripts.run');
  const [isOpen, { open, close }] = useDisclosure(false);
  if (!canRunJobs && !canRunScripts) return null;
  return (
    <Group gap="xs">
      <Button variant="light" leftSection={<IconTerminal2 size={16} />} onClick={open}>
        {t('jobs.runScript.button')}
      </Button>
      {canRunJobs && <RebootDeviceButton device={device} />}
      <Drawer
        opened={isOpen}
        onClose={close}
        position="right"
        size="xl"
        title={t('jobs.runScript.title', { name: device.displayName })}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <RunScriptPanel device={device} />
      </Drawer>
    </Group>
  );
};
