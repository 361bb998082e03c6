import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  TIME_ENTRY_MAX_SECONDS,
  type Ticket,
  type TicketResponse,
  type TicketTimerSetting,
} from '@rmm/domain';
import { IconAlertCircle, IconClockPlus, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDurationSeconds } from '../../../lib/format.ts';
import { useAddTimeEntryMutation, useTicketFormsQuery, useTimerMutations } from '../queries.ts';

/** "01:02:03" since the timer started. */
const clockText = (seconds: number) => {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
};

/** The seconds since `startTime`, counted each second while shown. */
const useElapsed = (startTime: string | null) => {
  const [now, setNow] = useState(() => Date.now());
  const interval = useInterval(() => setNow(Date.now()), 1000);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the interval object changes every render.
  useEffect(() => {
    if (!startTime) return;
    interval.start();
    return interval.stop;
  }, [startTime]);
  return startTime ? (now - Date.parse(startTime)) / 1000 : 0;
};

/** The caller's timer on the ticket: start, and stop with a note (written to the log as a time entry). */
const Timer = ({
  ticket,
  timer,
  setting,
}: {
  ticket: Ticket;
  timer: TicketResponse['timer'];
  setting: TicketTimerSetting;
}) => {
  const { t } = useTranslation();
  const { start, stop } = useTimerMutations(ticket.id);
  const elapsed = useElapsed(timer?.startTime ?? null);
  const [note, setNote] = useState('');
  const [isBillable, setBillable] = useState(true);
  const startedAutomatically = useRef(false);
  // AUTOMATIC: opening the ticket starts one's timer (once per visit).
  useEffect(() => {
    if (setting !== 'AUTOMATIC' || timer || startedAutomatically.current) return;
    startedAutomatically.current = true;
    start.mutate();
  }, [setting, timer, start]);
  const error = start.error ?? stop.error;
  return (
    <Stack gap="xs">
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {error.message}
        </Alert>
      )}
      {timer ? (
        <>
          <Group justify="space-between">
            <Text size="xl" fw={700} ff="monospace" role="timer" aria-label={t('ticketing.time.running')}>
              {clockText(elapsed)}
            </Text>
            <Button
              color="red"
              leftSection={<IconPlayerStop size={16} />}
              loading={stop.isPending}
              onClick={() =>
                stop.mutate(
                  { note: note.trim(), isBillable },
                  {
                    onSuccess: () => {
                      setNote('');
                      notifications.show({ color: 'green', message: t('ticketing.time.stopped') });
                    },
                  },
                )
              }
            >
              {t('ticketing.time.stop')}
            </Button>
          </Group>
          <TextInput
            label={t('ticketing.time.note')}
            value={note}
            maxLength={2000}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <Checkbox
            label={t('ticketing.time.billable')}
            checked={isBillable}
            onChange={(event) => setBillable(event.currentTarget.checked)}
          />
        </>
      ) : (
        <Button
          variant="light"
          leftSection={<IconPlayerPlay size={16} />}
          loading={start.isPending}
          onClick={() => start.mutate()}
          w="fit-content"
        >
          {t('ticketing.time.start')}
        </Button>
      )}
    </Stack>
  );
};

/** Time by hand: hours and minutes, a note, billable or not. */
const ManualEntry = ({ ticket }: { ticket: Ticket }) => {
  const { t } = useTranslation();
  const add = useAddTimeEntryMutation(ticket.id);
  const [hours, setHours] = useState<number | string>('');
  const [minutes, setMinutes] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [isBillable, setBillable] = useState(true);
  const [tried, setTried] = useState(false);
  const seconds = (Number(hours) || 0) * 3600 + (Number(minutes) || 0) * 60;
  const error =
    tried && (seconds < 60 || seconds > TIME_ENTRY_MAX_SECONDS)
      ? t('ticketing.time.durationRange')
      : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (seconds < 60 || seconds > TIME_ENTRY_MAX_SECONDS) return;
    add.mutate(
      { durationSeconds: seconds, note: note.trim(), isBillable },
      {
        onSuccess: () => {
          setHours('');
          setMinutes('');
          setNote('');
          setTried(false);
          notifications.show({ color: 'green', message: t('ticketing.time.logged') });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('ticketing.time.manual')}>
      <fieldset disabled={add.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {t('ticketing.time.manual')}
          </Text>
          {add.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {add.error.message}
            </Alert>
          )}
          <Group grow align="flex-start" gap="xs">
            <NumberInput
              label={t('ticketing.time.hours')}
              min={0}
              max={168}
              allowDecimal={false}
              value={hours}
              onChange={setHours}
              error={error}
            />
            <NumberInput
              label={t('ticketing.time.minutes')}
              min={0}
              max={59}
              allowDecimal={false}
              value={minutes}
              onChange={setMinutes}
            />
          </Group>
          <TextInput
            label={t('ticketing.time.note')}
            value={note}
            maxLength={2000}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <Group justify="space-between">
            <Checkbox
              label={t('ticketing.time.billable')}
              checked={isBillable}
              onChange={(event) => setBillable(event.currentTarget.checked)}
            />
            <Button
              type="submit"
              variant="default"
              leftSection={<IconClockPlus size={16} />}
              loading={add.isPending}
            >
              {t('ticketing.time.log')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
};

/** Time tracked on the ticket (kept for billing), the timer as the ticket's form sets it, and time by hand. */
export const TimeTracking = ({
  ticket,
  timer,
  canManage,
}: {
  ticket: Ticket;
  timer: TicketResponse['timer'];
  canManage: boolean;
}) => {
  const { t } = useTranslation();
  const forms = useTicketFormsQuery();
  const setting: TicketTimerSetting =
    ticket.formId === null
      ? 'MANUAL'
      : (forms.data?.find((form) => form.id === ticket.formId)?.timer ?? 'MANUAL');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="ticket-time-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4" id="ticket-time-title">
            {t('ticketing.time.title')}
          </Title>
          <Text size="sm" data-testid="time-tracked">
            {t('ticketing.time.total', { time: formatDurationSeconds(ticket.timeTrackedSeconds) })}
          </Text>
        </Group>
        {canManage && setting !== 'OFF' && <Timer ticket={ticket} timer={timer} setting={setting} />}
        {canManage && <ManualEntry ticket={ticket} />}
      </Stack>
    </Paper>
  );
};
