import { Group, NumberInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import type { ConditionType, RunAs } from '@rmm/domain';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isFieldVisible, type ParameterField, parameterFields } from '../parameter-fields.ts';
import { ScriptPicker } from './pickers.tsx';
import { RunAsField } from './run-as-field.tsx';

const byteUnits = [
  ['MiB', 2 ** 20],
  ['GiB', 2 ** 30],
  ['TiB', 2 ** 40],
] as const;
type ByteUnit = (typeof byteUnits)[number][0];

/** The largest unit that shows the value as a whole number (GiB for 10 GiB, MiB for 1.5 GiB). */
const unitFor = (bytes: number): ByteUnit =>
  [...byteUnits].reverse().find(([, size]) => bytes >= size && bytes % size === 0)?.[0] ?? 'MiB';
const sizeOf = (unit: ByteUnit) => byteUnits.find(([name]) => name === unit)![1];

/** A size entered in MiB, GiB or TiB, kept in bytes. */
const BytesInput = ({
  label,
  value,
  error,
  description,
  onChange,
}: {
  label: string;
  value: unknown;
  error?: string;
  description?: string;
  onChange: (bytes: number | undefined) => void;
}) => {
  const { t } = useTranslation();
  const bytes = typeof value === 'number' ? value : undefined;
  const [unit, setUnit] = useState<ByteUnit>(bytes ? unitFor(bytes) : 'GiB');
  const amount = bytes === undefined ? '' : Number((bytes / sizeOf(unit)).toFixed(3));
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <NumberInput
        label={label}
        description={description}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={amount}
        error={error}
        min={0}
        clampBehavior="none"
        decimalScale={3}
        style={{ flex: 1 }}
        onChange={(next) => onChange(typeof next === 'number' ? Math.round(next * sizeOf(unit)) : undefined)}
      />
      <Select
        aria-label={t('policies.byteUnit', { label })}
        mt={25}
        w={90}
        allowDeselect={false}
        data={byteUnits.map(([name]) => ({ value: name, label: t(`policies.unit.${name}`) }))}
        value={unit}
        onChange={(next) => {
          if (!next) return;
          const nextUnit = next as ByteUnit;
          setUnit(nextUnit);
          if (typeof amount === 'number') onChange(Math.round(amount * sizeOf(nextUnit)));
        }}
      />
    </Group>
  );
};

const hintOf = (field: ParameterField, t: TFunction, exists: (key: string) => boolean) => {
  const hintKey = `policies.param.${field.key}Hint`;
  if (exists(hintKey)) return t(hintKey);
  if (field.kind !== 'number' || field.min === undefined || field.max === undefined || field.unit === 'bytes')
    return undefined;
  const unit = field.unit ? t(`policies.unit.${field.unit}`) : '';
  return unit
    ? t('policies.condition.range', {
        min: field.min.toLocaleString(),
        max: field.max.toLocaleString(),
        unit,
      })
    : t('policies.condition.rangeNoUnit', {
        min: field.min.toLocaleString(),
        max: field.max.toLocaleString(),
      });
};

export type ParameterInputsProps = {
  type: ConditionType;
  parameters: Record<string, unknown>;
  listTexts: Record<string, string>;
  errors: Record<string, string>;
  onParameter: (key: string, value: unknown) => void;
  onListText: (key: string, text: string) => void;
};

/** The type's parameters, each its own input with its unit and range; fields another choice hides are left out. */
export const ParameterInputs = ({
  type,
  parameters,
  listTexts,
  errors,
  onParameter,
  onListText,
}: ParameterInputsProps) => {
  const { t, i18n } = useTranslation();
  const fields = parameterFields(type).filter((field) => isFieldVisible(type, field.key, parameters));
  const input = (field: ParameterField) => {
    const label = t(`policies.param.${field.key}`);
    const error = errors[`parameters.${field.key}`];
    const description = hintOf(field, t, (key) => i18n.exists(key));
    const value = parameters[field.key];
    // Hints under the inputs, so that inputs side by side line up whether or not they have one.
    const common = {
      label,
      error,
      description,
      withAsterisk: field.required && field.kind !== 'boolean',
      inputWrapperOrder: ['label', 'input', 'description', 'error'] as (
        | 'label'
        | 'input'
        | 'description'
        | 'error'
      )[],
    };
    switch (field.kind) {
      case 'number':
        if (field.unit === 'bytes')
          return (
            <BytesInput
              label={label}
              error={error}
              description={description}
              value={value}
              onChange={(bytes) => onParameter(field.key, bytes)}
            />
          );
        return (
          <NumberInput
            {...common}
            value={typeof value === 'number' ? value : ''}
            allowDecimal={false}
            clampBehavior="none"
            rightSection={field.unit ? t(`policies.unit.${field.unit}`) : undefined}
            rightSectionWidth={field.unit && field.unit.length > 3 ? 72 : 44}
            rightSectionPointerEvents="none"
            onChange={(next) => onParameter(field.key, typeof next === 'number' ? next : undefined)}
          />
        );
      case 'enum':
        return (
          <Select
            {...common}
            allowDeselect={false}
            data={(field.options ?? []).map((option) => ({
              value: option,
              label: i18n.exists(`policies.paramValue.${option}`)
                ? t(`policies.paramValue.${option}`)
                : option,
            }))}
            value={typeof value === 'string' ? value : null}
            onChange={(next) => next && onParameter(field.key, next)}
          />
        );
      case 'boolean':
        return (
          <Switch
            label={label}
            mt="xl"
            checked={value === true}
            onChange={(event) => onParameter(field.key, event.currentTarget.checked)}
          />
        );
      case 'numberList':
        return (
          <TextInput
            {...common}
            value={listTexts[field.key] ?? ''}
            onChange={(event) => onListText(field.key, event.currentTarget.value)}
          />
        );
      case 'script':
        return (
          <ScriptPicker
            {...common}
            value={typeof value === 'number' ? value : null}
            onChange={(id) => onParameter(field.key, id ?? undefined)}
          />
        );
      case 'runAs':
        return (
          <RunAsField
            label={label}
            error={errors[`parameters.${field.key}.value`]}
            value={value as RunAs | undefined}
            onChange={(runAs) => onParameter(field.key, runAs)}
          />
        );
      default:
        return (
          <TextInput
            {...common}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onParameter(field.key, event.currentTarget.value)}
          />
        );
    }
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      {fields.map((field) => (
        <div key={field.key}>{input(field)}</div>
      ))}
    </SimpleGrid>
  );
};
