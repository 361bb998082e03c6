import { Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  checkScriptParameterValue,
  SCRIPT_MAX_TIMEOUT_SECONDS,
  type Script,
  ScriptJobContent,
  type ScriptOperatingSystem,
} from '@rmm/domain';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RunScriptValues } from '../run-script-form.tsx';
import { checkCustomUser, type RunAsChoice, runAsOf } from './run-as.ts';
import { RunAsSelect } from './run-as-select.tsx';
import { ScriptParameterField } from './script-parameter-field.tsx';

type FormValues = {
  parameters: string[];
  runAs: RunAsChoice;
  customUser: string;
  timeoutSeconds: number | string;
};

const timeoutSchema = ScriptJobContent.shape.timeoutSeconds.unwrap();

export type ScriptRunTarget = {
  /** The devices' operating system when they share one. */
  operatingSystem?: ScriptOperatingSystem;
  /** The devices' organization when they share one. */
  organizationId?: number;
  canListCredentials: boolean;
};

/**
 * A library script's parameters (defaults filled in, each checked by the domain's rule at its field),
 * run-as and timeout. Run sends `{scriptId, version}` and the values in the parameters' order.
 */
export const ScriptRunForm = ({
  script,
  target,
  isDisabled = false,
  isSubmitting,
  submitLabel,
  onRun,
}: {
  script: Script;
  target: ScriptRunTarget;
  isDisabled?: boolean;
  isSubmitting: boolean;
  submitLabel?: string;
  onRun: (values: RunScriptValues) => void;
}) => {
  const { t } = useTranslation();
  const form = useForm<FormValues>({
    initialValues: {
      parameters: script.parameters.map((parameter) => parameter.defaultValue),
      runAs: 'DEFAULT',
      customUser: '',
      timeoutSeconds: script.timeoutSeconds,
    },
    validate: {
      customUser: (user, values) =>
        values.runAs !== 'CUSTOM'
          ? null
          : user.trim() === ''
            ? t('spec.validation.mandatory')
            : (checkCustomUser(user) ?? null),
      timeoutSeconds: (value) =>
        timeoutSchema.safeParse(Number(value)).success && value !== ''
          ? null
          : t('spec.validation.mandatory'),
    },
  });
  // '' stands for the parameter's default; a value is checked and sent trimmed, as the server keeps it.
  const parameterError = (index: number, value: string) => {
    const parameter = script.parameters[index]!;
    return checkScriptParameterValue(parameter, value.trim() || parameter.defaultValue);
  };
  const submit = form.onSubmit((values) => {
    const errors = values.parameters.map((value, index) => parameterError(index, value));
    if (errors.some(Boolean)) {
      errors.forEach((error, index) => {
        if (error) form.setFieldError(`parameters.${index}`, error);
      });
      return;
    }
    onRun({
      jobName: script.name,
      content: {
        script: { scriptId: script.id, version: script.version },
        parameters: values.parameters.map((value) => value.trim()),
        runAs: runAsOf(values.runAs, values.customUser, script.defaultRunAs),
        timeoutSeconds: Number(values.timeoutSeconds),
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="sm">
          {script.description && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {script.description}
            </Text>
          )}
          <Title order={5}>{t('runScript.parameters')}</Title>
          {script.parameters.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('runScript.noParameters')}
            </Text>
          ) : (
            script.parameters.map((parameter, index) => (
              <ScriptParameterField
                key={parameter.name}
                parameter={parameter}
                value={form.values.parameters[index] ?? ''}
                error={form.errors[`parameters.${index}`] as string | undefined}
                onChange={(value) => {
                  form.setFieldValue(`parameters.${index}`, value);
                  form.clearFieldError(`parameters.${index}`);
                }}
              />
            ))
          )}
          <RunAsSelect
            value={form.values.runAs}
            customUser={form.values.customUser}
            customUserError={form.errors.customUser as string | undefined}
            scriptDefault={script.defaultRunAs}
            operatingSystem={target.operatingSystem}
            organizationId={target.organizationId}
            canListCredentials={target.canListCredentials}
            onChange={(value) => form.setFieldValue('runAs', value)}
            onCustomUserChange={(value) => form.setFieldValue('customUser', value)}
          />
          <NumberInput
            label={t('runScript.timeout')}
            min={1}
            max={SCRIPT_MAX_TIMEOUT_SECONDS}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('timeoutSeconds')}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              leftSection={<IconPlayerPlay size={16} />}
              loading={isSubmitting}
              disabled={isDisabled}
            >
              {submitLabel ?? t('runScript.run')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
};
