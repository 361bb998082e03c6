import { Alert, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  availableBackupKinds,
  type BackupKind,
  backupErrorMessages,
  backupKindLabel,
  defaultFeatureFlags,
  type FeatureFlags,
  isImageBackupKind,
} from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlanFormValues } from './plan-form.ts';

/**
 * Name, description, kind (labels and image kinds per the backup_arrow_image flag, which the caller passes
 * from the session) and whether it runs.
 */
export const PlanGeneralFields = ({
  form,
  flags = defaultFeatureFlags,
}: {
  form: UseFormReturnType<PlanFormValues>;
  flags?: FeatureFlags;
}) => {
  const { t } = useTranslation();
  const kinds = availableBackupKinds(flags);
  const current = form.values.kind;
  // A saved kind that is no longer offered (the flag was turned off) stays shown.
  const shown: BackupKind[] = kinds.includes(current) ? kinds : [...kinds, current];
  return (
    <Stack>
      <TextInput label={t('common.name')} withAsterisk {...form.getInputProps('name')} />
      <Textarea label={t('common.description')} rows={2} {...form.getInputProps('description')} />
      <Select
        label={t('backupPlan.kind')}
        description={t('backupPlan.kindHint')}
        allowDeselect={false}
        data={shown.map((kind) => ({ value: kind, label: backupKindLabel(kind, flags) }))}
        {...form.getInputProps('kind')}
      />
      {isImageBackupKind(current) && (
        <Alert color="orange" icon={<IconAlertCircle size={18} />} data-testid="image-kind-warning">
          {backupErrorMessages.BACKUP_IMAGE_NOT_SUPPORTED}
        </Alert>
      )}
      <Switch
        label={t('backupPlan.enabled')}
        description={t('backupPlan.enabledHint')}
        {...form.getInputProps('enabled', { type: 'checkbox' })}
      />
    </Stack>
  );
};
