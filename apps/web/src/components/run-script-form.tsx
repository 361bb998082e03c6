import {
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type AgentPlatform,
  SCRIPT_DEFAULT_TIMEOUT_SECONDS,
  SCRIPT_MAX_TIMEOUT_SECONDS,
  ScriptJobContent,
  type ScriptLanguage,
  ScriptSource,
  scriptLanguages,
  scriptParameterOf,
} from '@rmm/domain';
import { IconPlayerPlay } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MandatoryField } from './inputs/mandatory-field.tsx';

type FormValues = {
  language: ScriptLanguage;
  code: string;
  parameters: string;
  timeoutSeconds: number | string;
  jobName: string;
};

/** jobName is never empty: the first line of the script stands in for a name not given. */
export type RunScriptValues = { content: ScriptJobContent; jobName: string };

/** The language a device's own shell speaks. */
export const defaultLanguageFor = (platform: AgentPlatform): ScriptLanguage =>
  platform === 'win32' ? 'powershell' : platform === 'other' ? 'sh' : 'bash';

const inlineSource = ScriptSource.options[0].shape;

/** Parameters one per line, each one argument; blank lines are not arguments. */
/** One parameter per line, each trimmed and sanitised as the server stores it (spec §5); blank lines dropped. */
const toParameters = (text: string) =>
  text
    .split('\n')
    .map(scriptParameterOf)
    .filter((parameter) => parameter !== '');

const JOB_NAME_MAX = 60;

/** The job name when none is given: the script's first line (never blank: the code is not), shortened. */
const scriptJobName = (code: string) => {
  const firstLine = code.trim().split('\n')[0]!.trim();
  return firstLine.length > JOB_NAME_MAX ? `${firstLine.slice(0, JOB_NAME_MAX - 1)}…` : firstLine;
};

/**
 * Language, code, parameters and timeout of an inline script; Run hands the ACTION content on.
 * Used for one device (the run-script drawer) and for many (the device search's bulk actions).
 */
export const RunScriptForm = ({
  defaultLanguage,
  isDisabled = false,
  isSubmitting,
  submitLabel,
  onRun,
}: {
  defaultLanguage: ScriptLanguage;
  isDisabled?: boolean;
  isSubmitting: boolean;
  /** The Run button's text (Run by default). */
  submitLabel?: string;
  onRun: (values: RunScriptValues) => void;
}) => {
  const { t } = useTranslation();
  const schema = useMemo(
    () =>
      z.object({
        code: inlineSource.code.refine((code) => code.trim() !== '', t('spec.validation.mandatory')),
        timeoutSeconds: ScriptJobContent.shape.timeoutSeconds.unwrap(),
        jobName: z.string().max(200),
      }),
    [t],
  );
  const form = useForm<FormValues>({
    initialValues: {
      language: defaultLanguage,
      code: '',
      parameters: '',
      timeoutSeconds: SCRIPT_DEFAULT_TIMEOUT_SECONDS,
      jobName: '',
    },
    validate: zod4Resolver(schema),
  });
  const submit = form.onSubmit((values) =>
    onRun({
      jobName: values.jobName.trim() || scriptJobName(values.code),
      content: {
        script: { language: values.language, code: values.code },
        parameters: toParameters(values.parameters),
        runAs: 'SYSTEM',
        timeoutSeconds: Number(values.timeoutSeconds),
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('jobs.runScript.language')}
              allowDeselect={false}
              data={scriptLanguages.map((value) => ({ value, label: t(`jobs.language.${value}`) }))}
              {...form.getInputProps('language')}
            />
            <NumberInput
              label={t('jobs.runScript.timeout')}
              min={1}
              max={SCRIPT_MAX_TIMEOUT_SECONDS}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('timeoutSeconds')}
            />
            <TextInput
              label={t('jobs.runScript.name')}
              placeholder={t('jobs.runScript.namePlaceholder')}
              {...form.getInputProps('jobName')}
            />
          </SimpleGrid>
          <MandatoryField value={form.values.code}>
            <Textarea
              label={t('jobs.runScript.code')}
              rows={8}
              resize="vertical"
              spellCheck={false}
              autoCapitalize="off"
              autoCorrect="off"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
              {...form.getInputProps('code')}
            />
          </MandatoryField>
          <Textarea
            label={t('jobs.runScript.parameters')}
            description={t('jobs.runScript.parametersHint')}
            rows={1}
            resize="vertical"
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            {...form.getInputProps('parameters')}
          />
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {isDisabled ? t('jobs.runScript.running') : t('jobs.runScript.runAs')}
            </Text>
            <Button
              type="submit"
              leftSection={<IconPlayerPlay size={16} />}
              loading={isSubmitting}
              disabled={isDisabled}
            >
              {submitLabel ?? t('jobs.runScript.run')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
};
