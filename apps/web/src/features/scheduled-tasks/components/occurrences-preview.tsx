import { Alert, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ScheduleType, TaskSchedule } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { useOccurrencesQuery } from '../queries.ts';
import { describeSchedule } from '../schedule-summary.ts';
import { formatInZone } from '../time-zones.ts';
import { userTimeZone } from '../user-time-zone.ts';
import { completeSchedule } from '../validate-task.ts';

/** Asked for no sooner than this after the last change, so typing an hour asks once. */
export const PREVIEW_DEBOUNCE_MS = 400;
export const PREVIEW_COUNT = 5;
const withoutOccurrences: readonly ScheduleType[] = [
  'RUN_IMMEDIATELY',
  'NO_SCHEDULE',
  'ON_SYSTEM_STARTUP',
  'ON_USER_LOGIN',
];

const Occurrences = ({ schedule }: { schedule: TaskSchedule }) => {
  const { t } = useTranslation();
  const query = useOccurrencesQuery(schedule, PREVIEW_COUNT);
  const zone = userTimeZone();
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {t('scheduledTasks.occurrencesError', { message: query.error.message })}
      </Alert>
    );
  if (!query.data) return <Loader size="sm" aria-label={t('app.loading')} />;
  if (query.data.length === 0) return <Text c="dimmed">{t('scheduledTasks.occurrencesNone')}</Text>;
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {t('scheduledTasks.occurrencesIn', { zone })}
      </Text>
      <List
        size="sm"
        aria-label={t('scheduledTasks.occurrences')}
        style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
      >
        {query.data.map((occurrence) => (
          <List.Item key={occurrence}>
            <time dateTime={occurrence}>{formatInZone(occurrence, zone)}</time>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
};

/** The schedule in words and, for a schedule with times, its next occurrences in the user's time zone. */
export const OccurrencesPreview = ({ schedule }: { schedule: TaskSchedule }) => {
  const { t } = useTranslation();
  const [settled] = useDebouncedValue(schedule, PREVIEW_DEBOUNCE_MS);
  const complete = completeSchedule(settled);
  const hasTimes = !withoutOccurrences.includes(schedule.scheduleType);
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={5}>{t('scheduledTasks.occurrences')}</Title>
        <Text size="sm">{describeSchedule(schedule, t)}</Text>
        {hasTimes &&
          (complete ? (
            <Occurrences schedule={complete} />
          ) : completeSchedule(schedule) ? (
            <Loader size="sm" aria-label={t('app.loading')} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('scheduledTasks.occurrencesIncomplete')}
            </Text>
          ))}
      </Stack>
    </Paper>
  );
};
