import { NumberInput, Select, Switch, TextInput } from '@mantine/core';
import type { ScriptParameter } from '@rmm/domain';

/** One typed script parameter: text, a number, a switch (BOOLEAN) or a choice (OPTION); values are text. */
export const ParameterInput = ({
  parameter,
  value,
  onChange,
  error,
  disabled,
}: {
  parameter: ScriptParameter;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}) => {
  const common = {
    label: parameter.label || parameter.name,
    description: parameter.description || undefined,
    withAsterisk: parameter.required,
    error,
    disabled,
  };
  switch (parameter.type) {
    case 'INTEGER':
    case 'DECIMAL':
      return (
        <NumberInput
          {...common}
          allowDecimal={parameter.type === 'DECIMAL'}
          value={value}
          onChange={(next) => onChange(String(next))}
        />
      );
    case 'BOOLEAN':
      return (
        <Switch
          label={common.label}
          description={common.description}
          error={error}
          disabled={disabled}
          checked={value === 'true'}
          onChange={(event) => onChange(event.currentTarget.checked ? 'true' : 'false')}
        />
      );
    case 'OPTION':
      return (
        <Select
          {...common}
          data={parameter.options}
          clearable={!parameter.required}
          value={value || null}
          onChange={(next) => onChange(next ?? '')}
        />
      );
    default:
      return (
        <TextInput {...common} value={value} onChange={(event) => onChange(event.currentTarget.value)} />
      );
  }
};
