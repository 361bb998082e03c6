import { MaintenanceWindowInput } from '@rmm/domain';
import dayjs from 'dayjs';

/** The dialog's fields as typed: times are `datetime-local` values, in the browser's time zone. */
export type MaintenanceFormValues = {
  name: string;
  organizationId: number | null;
  deviceIds: number[];
  start: string;
  end: string;
};

export type MaintenanceFormErrors = Partial<
  Record<'name' | 'organizationId' | 'deviceIds' | 'start' | 'end', string>
>;

const LOCAL_FORMAT = 'YYYY-MM-DDTHH:mm';

/** A new window: from the next full quarter hour, for two hours. */
export const newMaintenanceValues = (
  organizationId: number | null,
  now = new Date(),
): MaintenanceFormValues => {
  const minutes = now.getMinutes();
  const start = dayjs(now)
    .second(0)
    .millisecond(0)
    .add(15 - (minutes % 15), 'minute');
  return {
    name: '',
    organizationId,
    deviceIds: [],
    start: start.format(LOCAL_FORMAT),
    end: start.add(2, 'hour').format(LOCAL_FORMAT),
  };
};

/** A `datetime-local` value as an ISO time (with its offset, as the domain wants), or undefined. */
const isoOf = (local: string): string | undefined => {
  if (!local) return undefined;
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
};

const fieldOf: Readonly<Record<string, keyof MaintenanceFormErrors>> = {
  name: 'name',
  organizationId: 'organizationId',
  deviceIds: 'deviceIds',
  startTime: 'start',
  endTime: 'end',
};

/**
 * The request for the values, or what is wrong with them: a missing field in the console's words (keys of the
 * strings file), the rest as the domain's schema says it (`MaintenanceWindowInput`: the end after the start...).
 */
export const checkMaintenanceForm = (
  values: MaintenanceFormValues,
):
  | { ok: true; input: MaintenanceWindowInput }
  | { ok: false; errors: MaintenanceFormErrors; keys: MaintenanceFormErrors } => {
  const keys: MaintenanceFormErrors = {};
  if (!values.name.trim()) keys.name = 'maintenance.required.name';
  if (values.organizationId === null) keys.organizationId = 'maintenance.required.organization';
  const startTime = isoOf(values.start);
  const endTime = isoOf(values.end);
  if (!startTime) keys.start = 'maintenance.required.start';
  if (!endTime) keys.end = 'maintenance.required.end';
  // Missing fields are said in the console's words; stand-ins for them let the schema speak for the rest
  // (its check that the end comes after the start runs only on an otherwise valid window).
  const parsed = MaintenanceWindowInput.safeParse({
    name: values.name.trim() || 'name',
    organizationId: values.organizationId ?? 1,
    deviceIds: values.deviceIds,
    startTime: startTime ?? '2000-01-01T00:00:00.000Z',
    endTime: endTime ?? '2100-01-01T00:00:00.000Z',
  });
  const errors: MaintenanceFormErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const at = fieldOf[String(issue.path[0])];
      if (at && !errors[at]) errors[at] = issue.message;
    }
  }
  if (parsed.success && Object.keys(keys).length === 0) return { ok: true, input: parsed.data };
  return { ok: false, errors, keys };
};
