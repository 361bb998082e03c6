import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type BackupKind, type BackupPlan, backupScheduleTypes, localTimeZone } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useHasPermission, useMeQuery } from '../../../../app/session/queries.ts';
import { DestinationFields } from '../../../../components/backup-plan/destination-fields.tsx';
import {
  type PlanFormValues,
  toPlanFormValues,
  toPlanRequest,
  validatePlanForm,
} from '../../../../components/backup-plan/plan-form.ts';
import { PlanGeneralFields } from '../../../../components/backup-plan/plan-general-fields.tsx';
import { RetentionFields } from '../../../../components/backup-plan/retention-fields.tsx';
import { RulesField } from '../../../../components/backup-plan/rules-field.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { ScheduleFields } from '../../../../components/schedule/schedule-fields.tsx';
import { useUnsavedChangesGuard } from '../../../../components/use-unsaved-changes-guard.tsx';
import { ApiError } from '../../../../lib/api.ts';
import {
  useDeletePlanMutation,
  useDivisionConfigQuery,
  usePlanQuery,
  useSavePlanMutation,
} from '../../queries.ts';
import { PlanTargetsField } from './plan-targets-field.tsx';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder p="md">
    <Title order={4} mb="sm">
      {title}
    </Title>
    {children}
  </Paper>
);

const PlanForm = ({
  organizationId,
  plan,
  initialKind,
}: {
  organizationId: number;
  plan?: BackupPlan;
  initialKind?: BackupKind;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const canManage = useHasPermission('backup.viewAndManage');
  const save = useSavePlanMutation(organizationId, plan?.planId);
  const remove = useDeletePlanMutation();
  const timeZone = localTimeZone();
  const form = useForm<PlanFormValues>({
    initialValues: toPlanFormValues(plan, { timeZone, kind: initialKind }),
    validate: (values) => validatePlanForm(values),
  });
  const guard = useUnsavedChangesGuard(canManage && form.isDirty());
  const isCloudOff = useDivisionConfigQuery().data?.enabled === false;
  const flags = useMeQuery().data?.featureFlags;

  const submit = form.onSubmit(async (values) => {
    const saved = await save.mutateAsync(toPlanRequest(values)).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'BACKUP_PLAN_NAME_TAKEN')
        form.setFieldError('name', error.message);
      return undefined;
    });
    if (!saved) return;
    notifications.show({ color: 'green', message: t('backup.editor.saved', { name: saved.name }) });
    form.setInitialValues(toPlanFormValues(saved, { timeZone }));
    form.reset();
    if (!plan) {
      guard.allowNextNavigation();
      navigate(links.backupPlanEditor(organizationId, saved.planId), {
        replace: true,
        state: location.state,
      });
    }
  });

  const confirmDelete = (existing: BackupPlan) =>
    modals.openConfirmModal({
      title: t('backup.editor.deleteTitle', { name: existing.name }),
      children: <Text size="sm">{t('backup.editor.deleteBody')}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(existing.planId, {
          onSuccess: () => {
            notifications.show({
              color: 'green',
              message: t('backup.editor.deleted', { name: existing.name }),
            });
            guard.allowNextNavigation();
            navigate(links.backupEditor(organizationId), { replace: true, state: location.state });
          },
          onError: (error) => notifications.show({ color: 'red', autoClose: false, message: error.message }),
        }),
    });

  const error =
    save.error instanceof ApiError && save.error.code === 'BACKUP_PLAN_NAME_TAKEN' ? null : save.error;
  return (
    <form onSubmit={submit} noValidate>
      <Group justify="space-between" mb="md">
        <Title order={3}>
          {plan ? t('backup.editor.titleEdit', { name: plan.name }) : t('backup.editor.titleNew')}
        </Title>
        {canManage && (
          <Group gap="xs">
            {plan && (
              <Button
                variant="light"
                color="red"
                onClick={() => confirmDelete(plan)}
                loading={remove.isPending}
              >
                {t('common.delete')}
              </Button>
            )}
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Group>
      {error && (
        <Alert color="red" mb="md" icon={<IconAlertCircle size={18} />} role="alert">
          {error.message}
        </Alert>
      )}
      {!canManage && (
        <Alert color="gray" mb="md">
          {t('backup.editor.readOnly')}
        </Alert>
      )}
      <fieldset disabled={!canManage || save.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack maw={900}>
          <Section title={t('backup.editor.general')}>
            <PlanGeneralFields form={form} flags={flags} />
          </Section>
          <Section title={t('backup.editor.what')}>
            <Stack>
              <RulesField form={form} field="include" />
              <RulesField form={form} field="exclude" />
            </Stack>
          </Section>
          <Section title={t('backup.editor.destination')}>
            <DestinationFields form={form} organizationId={organizationId} isCloudOff={isCloudOff} />
          </Section>
          <Section title={t('backup.editor.schedule')}>
            <ScheduleFields
              form={form}
              types={backupScheduleTypes}
              typeLabel={t('backup.schedule.type')}
              typeOptionLabel={(type) => t(`backup.schedule.${type}`)}
              intervalLabel={t('backup.schedule.intervalMinutes')}
              typeHints={{ NO_SCHEDULE: t('backup.schedule.manualHint') }}
            />
          </Section>
          <Section title={t('backup.editor.retention')}>
            <RetentionFields form={form} />
          </Section>
          <Section title={t('backup.editor.targets')}>
            <PlanTargetsField form={form} organizationId={organizationId} />
          </Section>
        </Stack>
      </fieldset>
    </form>
  );
};

/** `/editor/customer/:id/backup/plans/:planId` (`new` makes one; `?kind=` starts it with that kind). */
export const BackupPlanEditor = ({
  organizationId,
  planId,
  initialKind,
}: {
  organizationId: number;
  planId: string;
  initialKind?: BackupKind;
}) => {
  const { t } = useTranslation();
  const query = usePlanQuery(planId === 'new' ? undefined : planId);
  if (planId === 'new') return <PlanForm organizationId={organizationId} initialKind={initialKind} />;
  return (
    <QueryState query={query} notFoundTitle={t('backup.editor.notFound')}>
      {(plan) => <PlanForm key={plan.planId} organizationId={organizationId} plan={plan} />}
    </QueryState>
  );
};
