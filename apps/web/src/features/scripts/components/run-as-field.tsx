import { Select, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { runAsOptionLabels, runAsOptions } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import type { RunAsChoice, ScriptFormValues } from '../script-form-values.ts';

/** The default run-as: an option of spec §3, or a custom local user (a kept credential shows as itself). */
export const RunAsField = ({ form }: { form: UseFormReturnType<ScriptFormValues> }) => {
  const { t } = useTranslation();
  const { runAs, runAsCredentialId } = form.values;
  const data = [
    ...runAsOptions.map((option) => ({ value: option, label: runAsOptionLabels[option] })),
    ...(runAsCredentialId !== null
      ? [{ value: 'CREDENTIAL', label: t('scripts.runAs.credential', { id: runAsCredentialId }) }]
      : []),
    { value: 'CUSTOM', label: t('scripts.runAs.custom') },
  ];
  return (
    <Stack gap="xs">
      <Select
        label={t('scripts.field.runAs')}
        data={data}
        allowDeselect={false}
        value={runAs}
        onChange={(value) => value && form.setFieldValue('runAs', value as RunAsChoice)}
      />
      {runAs === 'CUSTOM' && (
        <TextInput
          label={t('scripts.field.runAsUser')}
          description={t('scripts.field.runAsUserHint')}
          withAsterisk
          {...form.getInputProps('runAsUser')}
        />
      )}
    </Stack>
  );
};
