import { Alert, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  availableBackupKinds,
  type BackupKind,
  backupErrorMessages,
  backupKindLabel,
  defaultFeatureFlags,
  isImageBackupKind,
} from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMeQuery } from '../../../../app/session/queries.ts';
import type { PlanFormValues } from '../../plan-form.ts';

/** Name, description, kind (labels and image kinds per the backup_arrow_image flag) and whether it runs. */
export const PlanGeneralFields = ({ form }: { form: UseFormReturnType<PlanFormValues> }) => {
  const { t } = useTranslation();
  const flags = useMeQuery().data?.featureFlags ?? defaultFeatureFlags;
  const kinds = availableBackupKinds(flags);
  const current = form.values.kind;
  // A saved kind that is no longer offered (the flag was turned off) stays shown.
  const shown: BackupKind[] = kinds.includes(current) ? kinds : [...kinds, current];
  return (
    <Stack>
      <TextInput label={t('common.name')} withAsterisk {...form.getInputProps('name')} />
      <Textarea label={t('common.description')} rows={2} {...form.getInputProps('description')} />
      <Select
        label={t('backup.editor.kind')}
        description={t('backup.editor.kindHint')}
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
        label={t('backup.editor.enabled')}
        description={t('backup.editor.enabledHint')}
        {...form.getInputProps('enabled', { type: 'checkbox' })}
      />
    </Stack>
  );
};
