import { Group, Select, TextInput } from '@mantine/core';
import { type RunAs, type RunAsOption, runAsOptions } from '@rmm/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Choice = '' | RunAsOption | 'CUSTOM';

const choiceOf = (runAs: RunAs | undefined): Choice =>
  runAs === undefined ? '' : runAs.kind === 'option' ? runAs.option : runAs.kind === 'custom' ? 'CUSTOM' : '';

/**
 * Who a condition's script runs as: the script's default, an option of spec §3, or a user typed in.
 * Policies are for every organization, so an organization's credentials are not offered.
 */
export const RunAsField = ({
  value,
  onChange,
  label,
  error,
}: {
  value: RunAs | undefined;
  onChange: (runAs: RunAs | undefined) => void;
  label: string;
  error?: string;
}) => {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Choice>(choiceOf(value));
  const user = value?.kind === 'custom' ? value.value : '';
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Select
        label={label}
        w={240}
        allowDeselect={false}
        data={[
          { value: '', label: t('policies.condition.runAsDefault') },
          ...runAsOptions.map((option) => ({ value: option, label: t(`policies.runAsOption.${option}`) })),
          { value: 'CUSTOM', label: t('policies.condition.runAsCustom') },
        ]}
        value={choice}
        onChange={(next) => {
          const picked = (next ?? '') as Choice;
          setChoice(picked);
          if (picked === '') onChange(undefined);
          else if (picked === 'CUSTOM') onChange({ kind: 'custom', value: user });
          else onChange({ kind: 'option', option: picked });
        }}
      />
      {choice === 'CUSTOM' && (
        <TextInput
          label={t('policies.condition.runAsUser')}
          w={200}
          value={user}
          error={error}
          autoCapitalize="off"
          spellCheck={false}
          onChange={(event) => onChange({ kind: 'custom', value: event.currentTarget.value })}
        />
      )}
    </Group>
  );
};
