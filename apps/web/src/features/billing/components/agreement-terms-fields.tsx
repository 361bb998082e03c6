import { Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { billingIntervals } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../components/inputs/decimal-input.tsx';
import { PercentageInput } from '../../../components/inputs/percentage-input.tsx';
import type { TermsForm } from '../agreement-form.ts';

/** The terms an agreement and a template share: name, interval, included hours, off-hours multiplier, tax. */
export const AgreementTermsFields = ({
  terms,
  onChange,
  isIntervalLocked = false,
}: {
  terms: TermsForm;
  onChange: (terms: TermsForm) => void;
  isIntervalLocked?: boolean;
}) => {
  const { t } = useTranslation();
  const set = <K extends keyof TermsForm>(key: K, value: TermsForm[K]) =>
    onChange({ ...terms, [key]: value });
  return (
    <Stack gap="sm">
      <TextInput
        label={t('billing.form.name')}
        withAsterisk
        data-autofocus
        maxLength={200}
        value={terms.name}
        onChange={(event) => set('name', event.currentTarget.value)}
      />
      <Textarea
        label={t('billing.form.description')}
        rows={2}
        maxLength={2000}
        value={terms.description}
        onChange={(event) => set('description', event.currentTarget.value)}
      />
      <Select
        label={t('billing.form.interval')}
        withAsterisk
        allowDeselect={false}
        disabled={isIntervalLocked}
        description={isIntervalLocked ? t('billing.form.scheduleLocked') : undefined}
        data={billingIntervals.map((value) => ({ value, label: t(`billing.interval.${value}`) }))}
        value={terms.billingInterval}
        onChange={(value) => set('billingInterval', value as TermsForm['billingInterval'])}
      />
      <Group grow align="flex-start">
        <DecimalInput
          label={t('billing.form.includedHours')}
          min={0}
          max={100_000}
          decimals={2}
          value={terms.includedHours}
          onChange={(value) => set('includedHours', value)}
        />
        <DecimalInput
          label={t('billing.form.offHoursMultiplier')}
          min={1}
          max={10}
          decimals={2}
          value={terms.offHoursMultiplier}
          onChange={(value) => set('offHoursMultiplier', value)}
        />
        <PercentageInput
          label={t('billing.form.taxRate')}
          description={t('billing.form.taxRateHint')}
          value={terms.taxRate}
          onChange={(value) => set('taxRate', value)}
        />
      </Group>
    </Stack>
  );
};
