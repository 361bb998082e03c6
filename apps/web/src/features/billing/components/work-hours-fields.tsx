import { Chip, Group, Stack, Text, TextInput } from '@mantine/core';
import { type WeekDay, type WorkHours, weekDays } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { TimeZoneSelect } from '../../../components/inputs/time-zone-select.tsx';

/** Monday first, as working weeks are read. */
const week: WeekDay[] = [...weekDays.slice(1), weekDays[0]];

/** An agreement's working hours: days, from and to (HH:MM), time zone; time outside them is off hours. */
export const WorkHoursFields = ({
  value,
  onChange,
}: {
  value: WorkHours;
  onChange: (value: WorkHours) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text fw={500} size="sm">
        {t('billing.form.workHours')}
      </Text>
      <Chip.Group
        multiple
        value={value.days}
        onChange={(days) => onChange({ ...value, days: days as WeekDay[] })}
      >
        <Group gap={6} role="group" aria-label={t('billing.form.days')}>
          {week.map((day) => (
            <Chip key={day} value={day} size="xs">
              {t(`schedule.weekDay.${day}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Group grow align="flex-start">
        <TextInput
          type="time"
          label={t('billing.form.start')}
          value={value.start}
          onChange={(event) => onChange({ ...value, start: event.currentTarget.value })}
        />
        <TextInput
          type="time"
          label={t('billing.form.end')}
          value={value.end}
          error={value.start >= value.end ? t('spec.numeric.invalid') : undefined}
          onChange={(event) => onChange({ ...value, end: event.currentTarget.value })}
        />
        <TimeZoneSelect
          label={t('billing.form.timeZone')}
          value={value.timeZone}
          onChange={(timeZone) => timeZone && onChange({ ...value, timeZone })}
        />
      </Group>
    </Stack>
  );
};
