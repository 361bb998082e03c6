import { ActionIcon, Alert, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Script } from '@rmm/domain';
import { IconArrowUp, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type ActionValues, actionOfScript, type TaskFormValues } from '../task-form.ts';
import { ParameterInput } from './parameter-input.tsx';
import { RunAsSelect } from './run-as-select.tsx';
import { ScriptPicker } from './script-picker.tsx';

type Form = UseFormReturnType<TaskFormValues>;
export type ScriptLookup = (scriptId: number) => UseQueryResult<Script> | undefined;

const ActionCard = ({
  form,
  action,
  index,
  script,
  disabled,
}: {
  form: Form;
  action: ActionValues;
  index: number;
  script: UseQueryResult<Script> | undefined;
  disabled: boolean;
}) => {
  const { t } = useTranslation();
  const name = script?.data?.name ?? action.scriptName;
  const parameters = script?.data?.parameters ?? [];
  return (
    <Paper withBorder p="sm" role="group" aria-label={name}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={5}>{`${index + 1}. ${name}`}</Title>
        <Group gap={4} wrap="nowrap">
          {index > 0 && (
            <Tooltip label={t('scheduledTasks.moveUp', { name })}>
              <ActionIcon
                variant="subtle"
                aria-label={t('scheduledTasks.moveUp', { name })}
                disabled={disabled}
                onClick={() => form.reorderListItem('actions', { from: index, to: index - 1 })}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t('scheduledTasks.removeScript', { name })}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('scheduledTasks.removeScript', { name })}
              disabled={disabled}
              onClick={() => form.removeListItem('actions', index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Stack gap="sm">
        {script?.isError && (
          <Alert color="red" role="alert">
            {t('scheduledTasks.scriptLoadError', { message: script.error.message })}
          </Alert>
        )}
        {script?.data && parameters.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('scheduledTasks.noParameters')}
          </Text>
        )}
        {parameters.map((parameter, position) => (
          <ParameterInput
            key={parameter.name}
            parameter={parameter}
            value={action.parameters[position] ?? ''}
            disabled={disabled}
            error={form.errors[`actions.${index}.parameters.${position}`] as string | undefined}
            onChange={(value) => {
              const next = parameters.map((_, i) => action.parameters[i] ?? '');
              next[position] = value;
              form.setFieldValue(`actions.${index}.parameters`, next);
            }}
          />
        ))}
        <RunAsSelect
          value={action.runAs}
          disabled={disabled}
          userError={form.errors[`actions.${index}.runAs.user`] as string | undefined}
          onChange={(runAs) => form.setFieldValue(`actions.${index}.runAs`, runAs)}
        />
      </Stack>
    </Paper>
  );
};

/** The library scripts the task runs, in order, each with its parameters and run-as. */
export const TaskActionsField = ({
  form,
  scriptOf,
  disabled,
}: {
  form: Form;
  scriptOf: ScriptLookup;
  disabled: boolean;
}) => {
  const { t } = useTranslation();
  const error = form.errors.actions as string | undefined;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('scheduledTasks.actionsHint')}
      </Text>
      {form.values.actions.map((action, index) => (
        <ActionCard
          key={action.key}
          form={form}
          action={action}
          index={index}
          script={scriptOf(action.scriptId)}
          disabled={disabled}
        />
      ))}
      <ScriptPicker
        disabled={disabled}
        error={error}
        onPick={(script) => form.insertListItem('actions', actionOfScript(script))}
      />
    </Stack>
  );
};
