import { NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { BackupRetention } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import type { PlanFormValues } from './plan-form.ts';

const fields = [
  'keepLast',
  'keepDaily',
  'keepWeekly',
  'keepMonthly',
] as const satisfies readonly (keyof BackupRetention)[];

/** How many revisions are kept: the last N, and the newest of so many days, weeks and months. */
export const RetentionFields = ({ form }: { form: UseFormReturnType<PlanFormValues> }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {fields.map((field) => (
          <NumberInput
            key={field}
            label={t(`backupPlan.retention.${field}`)}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={form.values.retention[field]}
            error={form.errors[`retention.${field}`]}
            onChange={(value) => form.setFieldValue(`retention.${field}`, Number(value) || 0)}
          />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('backupPlan.retention.hint')}
      </Text>
      {form.errors.retention && (
        <Text size="xs" c="red" role="alert">
          {form.errors.retention}
        </Text>
      )}
    </Stack>
  );
};
