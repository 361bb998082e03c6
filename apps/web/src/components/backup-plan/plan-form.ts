import {
  type BackupDestination,
  type BackupKind,
  type BackupPlan,
  type BackupRetention,
  type BackupSchedule,
  defaultBackupRetention,
  defaultBackupSchedule,
  messages,
  SaveBackupPlanRequest,
} from '@rmm/domain';
import type * as z from 'zod';
import { backupPlanStrings } from './backup-plan-strings.ts';

/** Where the plan writes, as the form edits it (HYBRID's local part is a folder or a share). */
export type DestinationKind = BackupDestination['type'];

export type RuleRow = { key: string; value: string };

export type PlanFormValues = {
  name: string;
  description: string;
  kind: BackupKind;
  enabled: boolean;
  include: RuleRow[];
  exclude: RuleRow[];
  destinationType: DestinationKind;
  /** HYBRID: whether its first copy goes to a folder or a share. */
  hybridLocal: 'LOCAL' | 'NETWORK_SHARE';
  localPath: string;
  sharePath: string;
  credentialId: number | null;
  schedule: BackupSchedule;
  retention: BackupRetention;
  allDevices: boolean;
  locationIds: number[];
  deviceIds: number[];
};

let nextKey = 0;
export const ruleRow = (value = ''): RuleRow => ({ key: `rule-${nextKey++}`, value });

const localPartOf = (destination: BackupDestination) =>
  destination.type === 'HYBRID' ? destination.local : destination.type === 'CLOUD' ? undefined : destination;

/** What the form edits of a plan: an organization's, or a policy's (which has no targets). */
export type PlanFields = Pick<
  BackupPlan,
  | 'name'
  | 'description'
  | 'kind'
  | 'enabled'
  | 'include'
  | 'exclude'
  | 'destination'
  | 'schedule'
  | 'retention'
> & { targets?: BackupPlan['targets'] };

/** The form's values for a plan, or for a new one (daily at 17:00 in `timeZone`, spec §9). */
export const toPlanFormValues = (
  plan: PlanFields | undefined,
  { timeZone, kind = 'fileFolder' }: { timeZone: string; kind?: BackupKind },
): PlanFormValues => {
  const local = plan ? localPartOf(plan.destination) : undefined;
  const isShareStart = !plan && kind === 'networkShare';
  return {
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    kind: plan?.kind ?? kind,
    enabled: plan?.enabled ?? true,
    include: (plan?.include ?? []).map((value) => ruleRow(value)),
    exclude: (plan?.exclude ?? []).map((value) => ruleRow(value)),
    destinationType: plan?.destination.type ?? (isShareStart ? 'NETWORK_SHARE' : 'CLOUD'),
    hybridLocal: local?.type === 'NETWORK_SHARE' ? 'NETWORK_SHARE' : 'LOCAL',
    localPath: local?.type === 'LOCAL' ? local.path : '',
    sharePath: local?.type === 'NETWORK_SHARE' ? local.path : '',
    credentialId: local?.type === 'NETWORK_SHARE' ? local.credentialId : null,
    schedule: plan?.schedule ?? defaultBackupSchedule(timeZone),
    retention: plan?.retention ?? defaultBackupRetention,
    allDevices: plan?.targets?.allDevices ?? false,
    locationIds: plan?.targets?.locationIds ?? [],
    deviceIds: plan?.targets?.deviceIds ?? [],
  };
};

const localDestination = (values: PlanFormValues, type: 'LOCAL' | 'NETWORK_SHARE') =>
  type === 'LOCAL'
    ? { type, path: values.localPath }
    : { type, path: values.sharePath, credentialId: values.credentialId ?? 0 };

/** The request the form's values make (what the server validates and stores). */
export const toPlanRequest = (values: PlanFormValues): SaveBackupPlanRequest => {
  const destination =
    values.destinationType === 'CLOUD'
      ? { type: 'CLOUD' as const }
      : values.destinationType === 'HYBRID'
        ? { type: 'HYBRID' as const, local: localDestination(values, values.hybridLocal) }
        : localDestination(values, values.destinationType);
  return {
    name: values.name,
    description: values.description,
    kind: values.kind,
    include: values.include.map((row) => row.value),
    exclude: values.exclude.map((row) => row.value),
    destination: destination as SaveBackupPlanRequest['destination'],
    schedule: values.schedule,
    retention: values.retention,
    enabled: values.enabled,
    targets: { allDevices: values.allDevices, locationIds: values.locationIds, deviceIds: values.deviceIds },
  };
};

/** The form field an issue of the request schema belongs to. */
const fieldOf = (path: PropertyKey[], values: PlanFormValues): string => {
  const [head, second, third] = path;
  switch (head) {
    case 'include':
    case 'exclude':
      return typeof second === 'number' ? `${head}.${second}.value` : head;
    case 'destination': {
      const part = second === 'local' ? third : second;
      const type = values.destinationType === 'HYBRID' ? values.hybridLocal : values.destinationType;
      if (part === 'credentialId') return 'credentialId';
      if (part === 'path') return type === 'NETWORK_SHARE' ? 'sharePath' : 'localPath';
      return 'destinationType';
    }
    case 'schedule':
      return second === undefined ? 'schedule.scheduleType' : `schedule.${String(second)}`;
    case 'retention':
      return second === undefined ? 'retention' : `retention.${String(second)}`;
    case 'targets':
      return 'targets';
    default:
      return String(head ?? 'name');
  }
};

/** Texts of the form's own checks (beside the domain's). */
const planFormTexts = {
  credentialRequired: backupPlanStrings['backupPlan.credentialRequired'],
  tooLong: backupPlanStrings['backupPlan.tooLong'],
} as const;

/** The domain's message, or the spec's mandatory text for an empty field (zod's own texts are for developers). */
const messageOf = (issue: z.core.$ZodIssue) => {
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1)
    return messages.validation.mandatory;
  if (issue.code === 'too_big' && issue.origin === 'string')
    return planFormTexts.tooLong.replace('{max}', String(issue.maximum));
  if (issue.code === 'invalid_type') return messages.validation.mandatory;
  return issue.message;
};

/**
 * The domain schema's messages for the form's values, by field (the first message of each): the server
 * checks the same request with the same schema. A policy's plan passes its own schema and request.
 */
export const validatePlanForm = (
  values: PlanFormValues,
  { schema, request }: { schema: z.ZodType; request: unknown } = {
    schema: SaveBackupPlanRequest,
    request: toPlanRequest(values),
  },
): Record<string, string> => {
  const errors: Record<string, string> = {};
  const result = schema.safeParse(request);
  if (!result.success)
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path, values);
      errors[field] ??= messageOf(issue);
    }
  const needsCredential =
    values.destinationType === 'NETWORK_SHARE' ||
    (values.destinationType === 'HYBRID' && values.hybridLocal === 'NETWORK_SHARE');
  // A share's credential is chosen from a list: say so instead of the number's message.
  if (needsCredential && values.credentialId === null) errors.credentialId = planFormTexts.credentialRequired;
  return errors;
};
