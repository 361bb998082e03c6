import { Alert, Modal, Stack, Text } from '@mantine/core';
import { type Device, scriptOperatingSystemOfPlatform } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { RunScriptChooser } from '../../../components/run-script/run-script-chooser.tsx';
import { defaultLanguageFor, type RunScriptValues } from '../../../components/run-script-form.tsx';

/** The one value every device has, or undefined when they differ (or there are none). */
const sharedValue = <T,>(devices: readonly Device[], read: (device: Device) => T): T | undefined => {
  const values = new Set(devices.map(read));
  return values.size === 1 ? [...values][0] : undefined;
};

export type RunScriptDialogProps = {
  isOpen: boolean;
  count: number;
  /** The selected devices the console holds (all of them unless "all matching" is selected). */
  devices: readonly Device[];
  /** "All matching devices": more are selected than the console holds. */
  isAllMatching: boolean;
  canRunLibrary: boolean;
  canRunInline: boolean;
  canListCredentials: boolean;
  isSubmitting: boolean;
  error?: string;
  onClose: () => void;
  onRun: (values: RunScriptValues) => void;
};

/**
 * The Run script dialog of the device dashboard, for every selected device: one job per device. Library
 * scripts are those of the devices' operating system when they share one; otherwise the devices a script
 * does not run on are named. Organization credentials are offered when the devices share an organization.
 */
export const RunScriptDialog = ({
  isOpen,
  count,
  devices,
  isAllMatching,
  canRunLibrary,
  canRunInline,
  canListCredentials,
  isSubmitting,
  error,
  onClose,
  onRun,
}: RunScriptDialogProps) => {
  const { t } = useTranslation();
  // What the console holds of "all matching" is one page: nothing shared can be told from it.
  const known = isAllMatching ? [] : devices;
  const platform = sharedValue(devices, (device) => device.platform);
  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      size="xl"
      title={t('deviceSearch.runScript.title', { count })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('deviceSearch.runScript.explain')}
        </Text>
        {error && (
          <Alert color="red" role="alert" py="xs">
            {error}
          </Alert>
        )}
        <RunScriptChooser
          canRunLibrary={canRunLibrary}
          canRunInline={canRunInline}
          target={{
            operatingSystem: sharedValue(known, (device) => scriptOperatingSystemOfPlatform(device.platform)),
            organizationId: sharedValue(known, (device) => device.organizationId),
            canListCredentials,
          }}
          devices={known}
          defaultLanguage={defaultLanguageFor(platform ?? 'linux')}
          isSubmitting={isSubmitting}
          submitLabel={t('deviceSearch.runScript.submit', { count })}
          onRun={onRun}
        />
      </Stack>
    </Modal>
  );
};
