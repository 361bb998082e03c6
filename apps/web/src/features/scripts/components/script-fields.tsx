import {
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SCRIPT_MAX_TIMEOUT_SECONDS } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { categoryOptions, languageOptions, operatingSystemOptions } from '../options.ts';
import type { ScriptFormValues } from '../script-form-values.ts';
import { CodeEditor } from './code-editor.tsx';
import { ParametersEditor } from './parameters-editor.tsx';
import { RunAsField } from './run-as-field.tsx';

type Form = UseFormReturnType<ScriptFormValues>;

/** Everything a script is: what it is called, what it runs on, its code, parameters and how it runs. */
export const ScriptFields = ({ form, readOnly }: { form: Form; readOnly: boolean }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('scripts.field.name')} withAsterisk {...form.getInputProps('name')} />
            <Select
              label={t('scripts.field.category')}
              data={categoryOptions}
              allowDeselect={false}
              {...form.getInputProps('category')}
            />
            <Select
              label={t('scripts.field.language')}
              data={languageOptions}
              allowDeselect={false}
              {...form.getInputProps('language')}
            />
            <MultiSelect
              label={t('scripts.field.operatingSystems')}
              withAsterisk
              data={operatingSystemOptions}
              {...form.getInputProps('operatingSystems')}
            />
          </SimpleGrid>
          <Textarea label={t('scripts.field.description')} rows={3} {...form.getInputProps('description')} />
        </Stack>
      </Paper>
      <CodeEditor
        label={t('scripts.field.code')}
        description={t('scripts.field.codeHint')}
        withAsterisk
        value={form.values.code}
        language={form.values.language}
        readOnly={readOnly}
        error={form.errors.code}
        onChange={(code) => form.setFieldValue('code', code)}
      />
      <ParametersEditor form={form} readOnly={readOnly} />
      <Paper withBorder p="md">
        <Title order={4} mb="sm">
          {t('scripts.section.execution')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <RunAsField form={form} />
          <NumberInput
            label={t('scripts.field.timeout')}
            min={1}
            max={SCRIPT_MAX_TIMEOUT_SECONDS}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('timeoutSeconds')}
          />
        </SimpleGrid>
      </Paper>
    </Stack>
  );
};
