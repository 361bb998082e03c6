import { Alert, Modal, Stack, Text } from '@mantine/core';
import type { ScriptLanguage } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { RunScriptForm, type RunScriptValues } from '../../../components/run-script-form.tsx';

/** The run-script form of the device drawer, for every selected device: one job per device. */
export const RunScriptDialog = ({
  isOpen,
  count,
  defaultLanguage,
  isSubmitting,
  error,
  onClose,
  onRun,
}: {
  isOpen: boolean;
  count: number;
  defaultLanguage: ScriptLanguage;
  isSubmitting: boolean;
  error?: string;
  onClose: () => void;
  onRun: (values: RunScriptValues) => void;
}) => {
  const { t } = useTranslation();
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
        <RunScriptForm
          defaultLanguage={defaultLanguage}
          isSubmitting={isSubmitting}
          submitLabel={t('deviceSearch.runScript.submit', { count })}
          onRun={onRun}
        />
      </Stack>
    </Modal>
  );
};
