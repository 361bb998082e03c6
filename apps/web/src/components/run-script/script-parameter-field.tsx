import { NumberInput, Select, Switch, TextInput } from '@mantine/core';
import type { ScriptParameter } from '@rmm/domain';

/** The input a parameter's type calls for; every value is kept as the text the script receives. */
export const ScriptParameterField = ({
  parameter,
  value,
  error,
  onChange,
}: {
  parameter: ScriptParameter;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) => {
  const common = {
    label: parameter.label || parameter.name,
    description: parameter.description || undefined,
    required: parameter.required,
    error,
  };
  switch (parameter.type) {
    case 'BOOLEAN':
      return (
        <Switch
          {...common}
          checked={value === 'true'}
          onChange={(event) => onChange(event.currentTarget.checked ? 'true' : 'false')}
        />
      );
    case 'OPTION':
      return (
        <Select
          {...common}
          data={parameter.options}
          value={value === '' ? null : value}
          allowDeselect={!parameter.required}
          clearable={!parameter.required}
          onChange={(next) => onChange(next ?? '')}
        />
      );
    case 'INTEGER':
    case 'DECIMAL':
      // Decimals are typed in either: a whole-number parameter says so at the field, as the server would.
      return (
        <NumberInput {...common} value={value} hideControls onChange={(next) => onChange(String(next))} />
      );
    default:
      return (
        <TextInput
          {...common}
          value={value}
          spellCheck={false}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
};
