import { Chip, Group, Input, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  INTERVAL_MAX_MINUTES,
  INTERVAL_MIN_MINUTES,
  type ScheduleType,
  type TaskSchedule,
  type WeekDay,
  weekDays,
} from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { TimeZoneSelect } from '../inputs/time-zone-select.tsx';

/** The types that run at a time of day: hour, minute and time zone. */
const timedTypes: readonly ScheduleType[] = ['DAILY', 'WEEKLY', 'MONTHLY', 'RUN_ONCE'];

/** The form's schedule fields, at `schedule.*` (both the scheduled task's and the backup plan's forms). */
type ScheduleForm = UseFormReturnType<{ schedule: TaskSchedule }>;

/** A NumberInput's value as a number, or null while it is empty. */
const numberOrNull = (value: string | number) => (value === '' ? null : Number(value));

export type ScheduleFieldsProps<Values extends { schedule: TaskSchedule }> = {
  /** A form whose values hold the schedule under `schedule` (errors at `schedule.<field>`). */
  form: UseFormReturnType<Values>;
  /** The schedule types offered, in this order. */
  types: readonly ScheduleType[];
  /** The area's own words: the type select's label, its options' labels and the interval's label. */
  typeLabel: string;
  typeOptionLabel: (type: ScheduleType) => string;
  intervalLabel: string;
  /** A line shown under the fields for types with no time of their own (an event, runs by hand only). */
  typeHints?: Partial<Record<ScheduleType, string>>;
};

const WeekDayChips = ({ form }: { form: ScheduleForm }) => {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={t('schedule.weekDays')} withAsterisk error={form.errors['schedule.weekDays']}>
      <Chip.Group
        multiple
        value={form.values.schedule.weekDays}
        onChange={(days) => form.setFieldValue('schedule.weekDays', days as WeekDay[])}
      >
        <Group gap="xs" mt={4} role="group" aria-label={t('schedule.weekDays')}>
          {weekDays.map((day) => (
            <Chip key={day} value={day} size="sm" aria-label={t(`schedule.weekDay.${day}`)}>
              {t(`schedule.weekDayShort.${day}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
};

/**
 * A schedule (the domain's `TaskSchedule`): its type, then only the fields that type uses. Shared by the
 * scheduled task editor and the backup plan editor, which differ in the types they offer and how they word
 * them.
 */
export const ScheduleFields = <Values extends { schedule: TaskSchedule }>({
  form: valuesForm,
  types,
  typeLabel,
  typeOptionLabel,
  intervalLabel,
  typeHints = {},
}: ScheduleFieldsProps<Values>) => {
  const { t } = useTranslation();
  // Mantine's form type is invariant in its values; these fields only read and set `schedule.*`, which
  // `Values` holds by its constraint, so the form is used through that part of it.
  const form = valuesForm as unknown as ScheduleForm;
  const { schedule } = form.values;
  const type = schedule.scheduleType;
  const hint = typeHints[type];
  return (
    <Stack>
      <Select
        label={typeLabel}
        allowDeselect={false}
        data={types.map((value) => ({ value, label: typeOptionLabel(value) }))}
        {...form.getInputProps('schedule.scheduleType')}
      />
      {type === 'WEEKLY' && <WeekDayChips form={form} />}
      {type === 'MONTHLY' && (
        <NumberInput
          label={t('schedule.dayOfMonth')}
          description={t('schedule.dayOfMonthHint')}
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
          label={t('schedule.runOnceDate')}
          withAsterisk
          maw={200}
          value={schedule.runOnceDate ?? ''}
          error={form.errors['schedule.runOnceDate']}
          onChange={(event) => form.setFieldValue('schedule.runOnceDate', event.currentTarget.value || null)}
        />
      )}
      {type === 'INTERVAL' && (
        <NumberInput
          label={intervalLabel}
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
            label={t('schedule.hour')}
            min={0}
            max={23}
            allowDecimal={false}
            clampBehavior="strict"
            value={schedule.scheduleHour}
            error={form.errors['schedule.scheduleHour']}
            onChange={(value) => form.setFieldValue('schedule.scheduleHour', Number(value) || 0)}
          />
          <NumberInput
            label={t('schedule.minute')}
            min={0}
            max={59}
            allowDecimal={false}
            clampBehavior="strict"
            value={schedule.scheduleMinute}
            error={form.errors['schedule.scheduleMinute']}
            onChange={(value) => form.setFieldValue('schedule.scheduleMinute', Number(value) || 0)}
          />
          <TimeZoneSelect
            label={t('schedule.timeZone')}
            value={schedule.timeZone}
            error={form.errors['schedule.timeZone']}
            onChange={(zone) => zone && form.setFieldValue('schedule.timeZone', zone)}
          />
        </SimpleGrid>
      )}
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
};
