import { Group, Select, TextInput } from '@mantine/core';
import { type JobRunAs, runAsOptions } from '@rmm/domain';
import { useTranslation } from 'react-i18next';

const DEFAULT = 'default';
const CUSTOM = 'custom';

const choiceOf = (runAs: JobRunAs | undefined): string => {
  if (runAs === undefined) return DEFAULT;
  if (typeof runAs === 'string') return runAs;
  return 'user' in runAs ? CUSTOM : `credential:${runAs.credentialId}`;
};

/** Who a task's script runs as: the script's default, an option of spec §3, or a custom account. */
export const RunAsSelect = ({
  value,
  onChange,
  userError,
  disabled,
}: {
  value: JobRunAs | undefined;
  onChange: (value: JobRunAs | undefined) => void;
  userError?: string;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  const choice = choiceOf(value);
  const data = [
    { value: DEFAULT, label: t('scheduledTasks.runAs.default') },
    ...runAsOptions.map((option) => ({ value: option, label: t(`scheduledTasks.runAs.${option}`) })),
    { value: CUSTOM, label: t('scheduledTasks.runAs.custom') },
  ];
  // A credential chosen elsewhere (the API) stays as it is.
  if (value !== undefined && typeof value === 'object' && 'credentialId' in value)
    data.push({ value: choice, label: t('scheduledTasks.runAs.credential', { id: value.credentialId }) });
  const choose = (next: string | null) => {
    if (next === null || next === choice) return;
    if (next === DEFAULT) onChange(undefined);
    else if (next === CUSTOM) onChange({ user: '' });
    else onChange(next as JobRunAs);
  };
  return (
    <Group align="flex-start" grow>
      <Select
        label={t('scheduledTasks.runAs')}
        data={data}
        allowDeselect={false}
        value={choice}
        onChange={choose}
        disabled={disabled}
      />
      {value !== undefined && typeof value === 'object' && 'user' in value && (
        <TextInput
          label={t('scheduledTasks.runAs.customUser')}
          withAsterisk
          value={value.user}
          error={userError}
          disabled={disabled}
          onChange={(event) => onChange({ user: event.currentTarget.value })}
        />
      )}
    </Group>
  );
};
