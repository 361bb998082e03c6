import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SCRIPT_MAX_PARAMETERS, type ScriptParameterType, scriptParameterTypes } from '@rmm/domain';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { newParameter, type ParameterValues, type ScriptFormValues } from '../script-form-values.ts';

type Form = UseFormReturnType<ScriptFormValues>;

/** The typed parameters, in the order their values are passed: add, remove and move them. */
export const ParametersEditor = ({ form, readOnly }: { form: Form; readOnly: boolean }) => {
  const { t } = useTranslation();
  const { parameters } = form.values;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={4}>{t('scripts.parameters')}</Title>
        {!readOnly && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={parameters.length >= SCRIPT_MAX_PARAMETERS}
            onClick={() => form.insertListItem('parameters', newParameter())}
          >
            {t('scripts.parameters.add')}
          </Button>
        )}
      </Group>
      {parameters.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('scripts.parameters.empty')}
        </Text>
      )}
      {parameters.map((parameter, index) => (
        <ParameterRow
          key={parameter.key}
          form={form}
          parameter={parameter}
          index={index}
          count={parameters.length}
          readOnly={readOnly}
        />
      ))}
    </Stack>
  );
};

const ParameterRow = ({
  form,
  parameter,
  index,
  count,
  readOnly,
}: {
  form: Form;
  parameter: ParameterValues;
  index: number;
  count: number;
  readOnly: boolean;
}) => {
  const { t } = useTranslation();
  const path = `parameters.${index}`;
  const position = index + 1;
  const move = (to: number) => form.reorderListItem('parameters', { from: index, to });
  return (
    <Paper withBorder p="sm" role="group" aria-label={t('scripts.parameters.item', { position })}>
      <Group justify="space-between" mb="xs">
        <Text fw={500} size="sm">
          {t('scripts.parameters.item', { position })}
          {parameter.name && (
            <Text span c="dimmed" size="sm" ff="monospace">
              {' '}
              {parameter.name}
            </Text>
          )}
        </Text>
        {!readOnly && (
          <Group gap={4}>
            <ActionIcon
              variant="subtle"
              aria-label={t('scripts.parameters.moveUp', { position })}
              disabled={index === 0}
              onClick={() => move(index - 1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('scripts.parameters.moveDown', { position })}
              disabled={index === count - 1}
              onClick={() => move(index + 1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('scripts.parameters.remove', { position })}
              onClick={() => form.removeListItem('parameters', index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label={t('scripts.parameters.name')}
          withAsterisk
          ff="monospace"
          {...form.getInputProps(`${path}.name`)}
        />
        <TextInput label={t('scripts.parameters.label')} {...form.getInputProps(`${path}.label`)} />
        <Select
          label={t('scripts.parameters.type')}
          allowDeselect={false}
          data={scriptParameterTypes.map((type) => ({
            value: type,
            label: t(`scripts.parameters.type.${type}`),
          }))}
          {...form.getInputProps(`${path}.type`)}
          onChange={(value) => {
            if (!value) return;
            form.setFieldValue(`${path}.type`, value as ScriptParameterType);
            form.setFieldValue(`${path}.defaultValue`, '');
          }}
        />
        <DefaultValueInput form={form} parameter={parameter} path={path} />
        {parameter.type === 'OPTION' && (
          <TagsInput
            label={t('scripts.parameters.options')}
            description={t('scripts.parameters.optionsHint')}
            withAsterisk
            {...form.getInputProps(`${path}.options`)}
          />
        )}
        <TextInput
          label={t('scripts.parameters.description')}
          {...form.getInputProps(`${path}.description`)}
        />
      </SimpleGrid>
      <Checkbox
        mt="sm"
        label={t('scripts.parameters.required')}
        {...form.getInputProps(`${path}.required`, { type: 'checkbox' })}
      />
    </Paper>
  );
};

/** The default's input follows the type: yes/no and options are picked, the rest typed. */
const DefaultValueInput = ({
  form,
  parameter,
  path,
}: {
  form: Form;
  parameter: ParameterValues;
  path: string;
}) => {
  const { t } = useTranslation();
  const label = t('scripts.parameters.default');
  const props = form.getInputProps(`${path}.defaultValue`);
  const choices =
    parameter.type === 'BOOLEAN'
      ? [
          { value: 'true', label: t('common.yes') },
          { value: 'false', label: t('common.no') },
        ]
      : parameter.type === 'OPTION'
        ? parameter.options.map((option) => ({ value: option, label: option }))
        : undefined;
  if (!choices) return <TextInput label={label} {...props} />;
  return (
    <Select
      label={label}
      placeholder={t('scripts.parameters.noDefault')}
      clearable
      data={choices}
      error={props.error}
      value={parameter.defaultValue || null}
      onChange={(value) => form.setFieldValue(`${path}.defaultValue`, value ?? '')}
    />
  );
};
