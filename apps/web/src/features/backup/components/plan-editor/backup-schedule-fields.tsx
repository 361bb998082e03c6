import { Chip, Group, Input, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  backupScheduleTypes,
  INTERVAL_MAX_MINUTES,
  INTERVAL_MIN_MINUTES,
  type ScheduleType,
  type WeekDay,
  weekDays,
} from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { TimeZoneSelect } from '../../../../components/inputs/time-zone-select.tsx';
import type { PlanFormValues } from '../../plan-form.ts';

type Form = UseFormReturnType<PlanFormValues>;

const timedTypes: readonly ScheduleType[] = ['DAILY', 'WEEKLY', 'MONTHLY'];

/** A NumberInput's value as a number, or null while it is empty. */
const numberOrNull = (value: string | number) => (value === '' ? null : Number(value));

/** When the plan runs: daily, weekly, monthly, at an interval, or only when run by hand; then its times. */
export const BackupScheduleFields = ({ form }: { form: Form }) => {
  const { t } = useTranslation();
  const { schedule } = form.values;
  const type = schedule.scheduleType;
  return (
    <Stack>
      <Select
        label={t('backup.schedule.type')}
        allowDeselect={false}
        data={backupScheduleTypes.map((value) => ({ value, label: t(`backup.schedule.${value}`) }))}
        {...form.getInputProps('schedule.scheduleType')}
      />
      {type === 'WEEKLY' && (
        <Input.Wrapper
          label={t('backup.schedule.weekDays')}
          withAsterisk
          error={form.errors['schedule.weekDays']}
        >
          <Chip.Group
            multiple
            value={schedule.weekDays}
            onChange={(days) => form.setFieldValue('schedule.weekDays', days as WeekDay[])}
          >
            <Group gap="xs" mt={4} role="group" aria-label={t('backup.schedule.weekDays')}>
              {weekDays.map((day) => (
                <Chip key={day} value={day} size="sm" aria-label={t(`backup.weekDay.${day}`)}>
                  {t(`backup.weekDayShort.${day}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
      )}
      {type === 'MONTHLY' && (
        <NumberInput
          label={t('backup.schedule.dayOfMonth')}
          description={t('backup.schedule.dayOfMonthHint')}
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
      {type === 'INTERVAL' && (
        <NumberInput
          label={t('backup.schedule.intervalMinutes')}
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
            label={t('backup.schedule.hour')}
            min={0}
            max={23}
            allowDecimal={false}
            clampBehavior="strict"
            value={schedule.scheduleHour}
            error={form.errors['schedule.scheduleHour']}
            onChange={(value) => form.setFieldValue('schedule.scheduleHour', Number(value) || 0)}
          />
          <NumberInput
            label={t('backup.schedule.minute')}
            min={0}
            max={59}
            allowDecimal={false}
            clampBehavior="strict"
            value={schedule.scheduleMinute}
            error={form.errors['schedule.scheduleMinute']}
            onChange={(value) => form.setFieldValue('schedule.scheduleMinute', Number(value) || 0)}
          />
          <TimeZoneSelect
            label={t('backup.schedule.timeZone')}
            value={schedule.timeZone}
            error={form.errors['schedule.timeZone']}
            onChange={(zone) => zone && form.setFieldValue('schedule.timeZone', zone)}
          />
        </SimpleGrid>
      )}
      {type === 'NO_SCHEDULE' && (
        <Text size="sm" c="dimmed">
          {t('backup.schedule.manualHint')}
        </Text>
      )}
      {form.errors['schedule.scheduleType'] && (
        <Text size="xs" c="red" role="alert">
          {form.errors['schedule.scheduleType']}
        </Text>
      )}
    </Stack>
  );
};
