import { Chip, Group, Input, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  INTERVAL_MAX_MINUTES,
  INTERVAL_MIN_MINUTES,
  type ScheduleType,
  scheduleTypes,
  type WeekDay,
  weekDays,
} from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { TimeZoneSelect } from '../../../components/inputs/time-zone-select.tsx';
import type { TaskFormValues } from '../task-form.ts';

const timedTypes: readonly ScheduleType[] = ['DAILY', 'WEEKLY', 'MONTHLY', 'RUN_ONCE'];
const eventTypes: readonly ScheduleType[] = ['ON_SYSTEM_STARTUP', 'ON_USER_LOGIN'];

type Form = UseFormReturnType<TaskFormValues>;

/** A NumberInput's value as a number, or null while it is empty. */
const numberOrNull = (value: string | number) => (value === '' ? null : Number(value));

const WeekDayChips = ({ form }: { form: Form }) => {
  const { t } = useTranslation();
  const error = form.errors['schedule.weekDays'];
  return (
    <Input.Wrapper label={t('scheduledTasks.weekDays')} withAsterisk error={error}>
      <Chip.Group
        multiple
        value={form.values.schedule.weekDays}
        onChange={(days) => form.setFieldValue('schedule.weekDays', days as WeekDay[])}
      >
        <Group gap="xs" mt={4} role="group" aria-label={t('scheduledTasks.weekDays')}>
          {weekDays.map((day) => (
            <Chip key={day} value={day} size="sm" aria-label={t(`scheduledTasks.weekDay.${day}`)}>
              {t(`scheduledTasks.weekDayShort.${day}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
};

/** The schedule: its type, then only the fields that type uses. */
export const ScheduleFields = ({ form }: { form: Form }) => {
  const { t } = useTranslation();
  const { schedule } = form.values;
  const type = schedule.scheduleType;
  return (
    <Stack>
      <Select
        label={t('scheduledTasks.scheduleType')}
        allowDeselect={false}
        data={scheduleTypes.map((value) => ({ value, label: t(`scheduledTasks.scheduleType.${value}`) }))}
        {...form.getInputProps('schedule.scheduleType')}
      />
      {type === 'WEEKLY' && <WeekDayChips form={form} />}
      {type === 'MONTHLY' && (
        <NumberInput
          label={t('scheduledTasks.dayOfMonth')}
          description={t('scheduledTasks.dayOfMonthHint')}
          withAsterisk
          min={1}
          max={31}
          allowDecimal={false}
          maw={200}
          value={schedule.dayOfMonth ?? ''}
          error={form.errors['schedule.dayOfMonth']}
          onChange={(value) => form.setFieldValue('schedule.dayOfMonth', numberOrNull(value))}
        />
      )}
      {type === 'RUN_ONCE' && (
        <TextInput
          type="date"
          label={t('scheduledTasks.runOnceDate')}
          withAsterisk
          maw={200}
          value={schedule.runOnceDate ?? ''}
          error={form.errors['schedule.runOnceDate']}
          onChange={(event) => form.setFieldValue('schedule.runOnceDate', event.currentTarget.value || null)}
        />
      )}
      {type === 'INTERVAL' && (
        <NumberInput
          label={t('scheduledTasks.intervalMinutes')}
          withAsterisk
          min={INTERVAL_MIN_MINUTES}
          max={INTERVAL_MAX_MINUTES}
          allowDecimal={false}
          maw={200}
          value={schedule.intervalMinutes ?? ''}
          error={form.errors['schedule.intervalMinutes']}
          onChange={(value) => form.setFieldValue('schedule.intervalMinutes', numberOrNull(value))}
        />
      )}
      {timedTypes.includes(type) && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label={t('scheduledTasks.hour')}
            min={0}
            max={23}
            allowDecimal={false}
            clampBehavior="strict"
            value={schedule.scheduleHour}
            error={form.errors['schedule.scheduleHour']}
            onChange={(value) => form.setFieldValue('schedule.scheduleHour', Number(value) || 0)}
          />
          <NumberInput
            label={t('scheduledTasks.minute')}
            min={0}
            max={59}
            allowDecimal={false}
            clampBehavior="strict"
            value={schedule.scheduleMinute}
            error={form.errors['schedule.scheduleMinute']}
            onChange={(value) => form.setFieldValue('schedule.scheduleMinute', Number(value) || 0)}
          />
          <TimeZoneSelect
            label={t('scheduledTasks.timeZone')}
            value={schedule.timeZone}
            error={form.errors['schedule.timeZone']}
            onChange={(zone) => zone && form.setFieldValue('schedule.timeZone', zone)}
          />
        </SimpleGrid>
      )}
      {eventTypes.includes(type) && (
        <Text size="sm" c="dimmed">
          {t('scheduledTasks.eventHint')}
        </Text>
      )}
    </Stack>
  );
};
