import { Grid, Paper, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { scheduleTypes } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { ScheduleFields } from '../../../components/schedule/schedule-fields.tsx';
import type { TaskFormValues } from '../task-form.ts';
import { OccurrencesPreview } from './occurrences-preview.tsx';
import { type ScriptLookup, TaskActionsField } from './task-actions-field.tsx';
import { TaskTargetsField } from './task-targets-field.tsx';

const fieldsetStyle = { border: 0, padding: 0, margin: 0, minWidth: 0 };

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Paper withBorder p="md" component="section" aria-label={title}>
    <Title order={4} mb="sm">
      {title}
    </Title>
    {children}
  </Paper>
);

/** Name, schedule (with its preview), scripts and targets: the task's general tab. */
export const TaskGeneralFields = ({
  form,
  scriptOf,
  disabled,
}: {
  form: UseFormReturnType<TaskFormValues>;
  scriptOf: ScriptLookup;
  disabled: boolean;
}) => {
  const { t } = useTranslation();
  const eventHint = t('scheduledTasks.eventHint');
  return (
    <fieldset disabled={disabled} style={fieldsetStyle}>
      <Stack gap="md">
        <Stack maw={640}>
          <TextInput label={t('scheduledTasks.name')} withAsterisk {...form.getInputProps('name')} />
          <Textarea label={t('scheduledTasks.description')} rows={2} {...form.getInputProps('description')} />
          <Switch
            label={t('scheduledTasks.enabled')}
            description={t('scheduledTasks.enabledHint')}
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
        </Stack>
        <Section title={t('scheduledTasks.schedule')}>
          <Grid>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <ScheduleFields
                form={form}
                types={scheduleTypes}
                typeLabel={t('scheduledTasks.scheduleType')}
                typeOptionLabel={(type) => t(`scheduledTasks.scheduleType.${type}`)}
                intervalLabel={t('scheduledTasks.intervalMinutes')}
                typeHints={{ ON_SYSTEM_STARTUP: eventHint, ON_USER_LOGIN: eventHint }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <OccurrencesPreview schedule={form.values.schedule} />
            </Grid.Col>
          </Grid>
        </Section>
        <Section title={t('scheduledTasks.actions')}>
          <TaskActionsField form={form} scriptOf={scriptOf} disabled={disabled} />
        </Section>
        <Section title={t('scheduledTasks.targets')}>
          <TaskTargetsField form={form} disabled={disabled} />
        </Section>
      </Stack>
    </fieldset>
  );
};
