import { Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** When a plan runs next, in the user's clock; "Not scheduled" (or "Disabled") otherwise. */
export const NextRun = ({ value, isDisabled = false }: { value: string | null; isDisabled?: boolean }) => {
  const { t } = useTranslation();
  if (!value)
    return (
      <Text size="sm" c="dimmed">
        {t(isDisabled ? 'backup.plans.disabled' : 'backup.plans.notScheduled')}
      </Text>
    );
  const time = dayjs(value);
  return (
    <Text size="sm" component="time" dateTime={time.toISOString()}>
      {time.format('YYYY-MM-DD HH:mm')}
    </Text>
  );
};
