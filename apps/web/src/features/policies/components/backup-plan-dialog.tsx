import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  localTimeZone,
  PolicyBackupPlan,
  policyBackupDestinationTypes,
  policyBackupScheduleTypes,
} from '@rmm/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMeQuery } from '../../../app/session/queries.ts';
import { DestinationFields } from '../../../components/backup-plan/destination-fields.tsx';
import {
  type PlanFormValues,
  toPlanFormValues,
  toPlanRequest,
  validatePlanForm,
} from '../../../components/backup-plan/plan-form.ts';
import { PlanGeneralFields } from '../../../components/backup-plan/plan-general-fields.tsx';
import { RetentionFields } from '../../../components/backup-plan/retention-fields.tsx';
import { RulesField } from '../../../components/backup-plan/rules-field.tsx';
import { ScheduleFields } from '../../../components/schedule/schedule-fields.tsx';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder p="md" component="section" aria-label={title}>
    <Title order={4} mb="sm">
      {title}
    </Title>
    {children}
  </Paper>
);

/** The plan the form's values make, as the policy holds it (no targets: the policy's devices). */
export const policyPlanOf = (values: PlanFormValues, id: string) => {
  const { targets: _targets, ...plan } = toPlanRequest(values);
  return { ...plan, id };
};

export type ItemDialogMode = 'add' | 'edit' | 'override';

/**
 * A policy's backup plan, with the organization plan editor's fields (components/backup-plan/): general,
 * what to back up, destination (cloud or a local folder), schedule and retention. Apply checks it with the
 * domain's `PolicyBackupPlan` and hands it to the draft; the policy's Save stores it.
 */
export const BackupPlanDialog = ({
  mode,
  plan,
  onApply,
  onClose,
}: {
  mode: ItemDialogMode;
  plan?: PolicyBackupPlan;
  onApply: (plan: PolicyBackupPlan) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [id] = useState(() => plan?.id ?? crypto.randomUUID());
  const flags = useMeQuery().data?.featureFlags;
  const form = useForm<PlanFormValues>({
    initialValues: toPlanFormValues(plan, { timeZone: localTimeZone() }),
  });
  const apply = () => {
    const request = policyPlanOf(form.values, id);
    const errors = validatePlanForm(form.values, { schema: PolicyBackupPlan, request });
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) onApply(PolicyBackupPlan.parse(request));
  };
  const title =
    mode === 'add'
      ? t('policies.backupPlans.dialog.add')
      : t(`policies.backupPlans.dialog.${mode}`, { name: plan?.name ?? '' });
  return (
    <Modal opened onClose={onClose} title={title} size="xl">
      <Stack>
        <Section title={t('policies.backupPlans.general')}>
          <PlanGeneralFields form={form} flags={flags} />
        </Section>
        <Section title={t('policies.backupPlans.what')}>
          <Stack>
            <RulesField form={form} field="include" />
            <RulesField form={form} field="exclude" />
          </Stack>
        </Section>
        <Section title={t('policies.backupPlans.destination')}>
          <Stack gap="xs">
            <DestinationFields form={form} types={policyBackupDestinationTypes} />
            <Text size="xs" c="dimmed">
              {t('policies.backupPlans.destinationHint')}
            </Text>
          </Stack>
        </Section>
        <Section title={t('policies.backupPlans.schedule')}>
          <ScheduleFields
            form={form}
            types={policyBackupScheduleTypes}
            typeLabel={t('policies.schedule.type')}
            typeOptionLabel={(type) => t(`policies.schedule.${type}`)}
            intervalLabel={t('policies.schedule.intervalMinutes')}
          />
        </Section>
        <Section title={t('policies.backupPlans.retention')}>
          <RetentionFields form={form} />
        </Section>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={apply}>{t('policies.items.apply')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
};
