import * as z from 'zod';
import { BackupKind } from './backup.ts';
import { listOf, PageQuery } from './http.ts';
import { TaskSchedule } from './scheduled-tasks.ts';
import { defaultSchedule, isTimeZone, WeekDay } from './schedules.ts';

/**
 * Backup plans (issue 18 item 5; spec §2 `/editor/customer/:id/backup/*`, §3 backup kinds and schedule
 * defaults): what an organization's devices back up, where to, when, and how long revisions are kept; and
 * the bandwidth throttle per organization, location or device. Rules in docs/decisions.md, "Backup".
 */

export const BACKUP_PLAN_MAX_INCLUDE = 100;
export const BACKUP_PLAN_MAX_EXCLUDE = 200;
export const BACKUP_RULE_MAX_LENGTH = 1024;
export const BACKUP_PLAN_MAX_DEVICES = 10_000;
export const BACKUP_PLAN_MAX_LOCATIONS = 1000;

/** Texts of the plan editor's validation (decided: the spec shows none). */
export const backupPlanMessages = {
  controlCharacters: 'A path or pattern cannot contain control characters.',
  parentSegment: 'A path or pattern cannot contain "..".',
  unbalancedBrackets: 'A pattern has a [ without its ] (or the other way round).',
  unbalancedBraces: 'A pattern has a { without its } (or the other way round).',
  includeAbsolute:
    'An include rule is an absolute path or pattern, such as /home or C:\\Users\\*\\Documents.',
  localPath: 'Enter an absolute folder path on the device, such as /var/backups or D:\\Backups.',
  sharePath: 'Enter a network share, such as \\\\server\\share\\backups or smb://server/share/backups.',
  includeRequired: 'Add at least one folder or file to back up.',
  keepSomething: 'Keep at least one revision: set one of the retention numbers above zero.',
  scheduleType: 'A backup plan runs daily, weekly, monthly, at an interval, or only when run by hand.',
  networkShareKind: 'A Network Share plan backs up to a network share: choose a network share destination.',
  workHoursOrder: 'The work hours must end after they start.',
  throttleRate: 'A rate is at least 64 KiB/s (65536 bytes per second), or empty for no limit.',
} as const;

// ---------------------------------------------------------------- paths and patterns

/** Control characters (code points 0-31 and 127), which no path or pattern contains. */
const hasControl = (value: string) =>
  [...value].some((ch) => {
    const code = ch.charCodeAt(0);
    return code < 32 || code === 127;
  });

/** `..` as a whole segment (between slashes or backslashes). */
const hasParentSegment = (value: string) => value.split(/[\\/]/).includes('..');

const isAbsolute = (value: string) => value.startsWith('/') || /^[A-Za-z]:[\\/]/.test(value);

/** A UNC share (`\\server\share`), `//server/share`, or `smb://server/share`, with an optional folder. */
export const isSharePath = (value: string): boolean =>
  /^\\\\[^\\/]+\\[^\\/]+(\\.*)?$/.test(value) ||
  /^\/\/[^\\/]+\/[^\\/]+(\/.*)?$/.test(value) ||
  /^smb:\/\/[^\\/]+\/[^\\/]+(\/.*)?$/i.test(value);

/** An absolute folder on the device: POSIX (`/var/backups`) or Windows (`D:\Backups`), not a share. */
export const isLocalPath = (value: string): boolean => isAbsolute(value) && !isSharePath(value);

const balanced = (value: string, open: string, close: string) => {
  let depth = 0;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    // A backslash escapes the next character in a POSIX pattern; on Windows it separates folders.
    if (ch === open) depth++;
    else if (ch === close) depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
};

/** Why a path or glob pattern is refused, or undefined when it is fine. */
export const backupPatternProblem = (value: string, { isInclude }: { isInclude: boolean }) => {
  if (hasControl(value)) return backupPlanMessages.controlCharacters;
  if (hasParentSegment(value)) return backupPlanMessages.parentSegment;
  if (!balanced(value, '[', ']')) return backupPlanMessages.unbalancedBrackets;
  if (!balanced(value, '{', '}')) return backupPlanMessages.unbalancedBraces;
  if (isInclude && !isAbsolute(value)) return backupPlanMessages.includeAbsolute;
  return undefined;
};

const pattern = (isInclude: boolean) =>
  z
    .string()
    .trim()
    .min(1)
    .max(BACKUP_RULE_MAX_LENGTH)
    .superRefine((value, ctx) => {
      const problem = backupPatternProblem(value, { isInclude });
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** What to back up: an absolute path or glob (`/home`, `C:\Users\*\Documents`, `/srv/**\/*.db`). */
export const BackupIncludeRule = /* @__PURE__ */ pattern(true);
/** What to leave out: a path or glob, absolute or matched anywhere (`*.tmp`, `**\/node_modules`). */
export const BackupExcludeRule = /* @__PURE__ */ pattern(false);

const folderPath = (isValid: (value: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(BACKUP_RULE_MAX_LENGTH)
    .superRefine((value, ctx) => {
      if (hasControl(value)) ctx.addIssue({ code: 'custom', message: backupPlanMessages.controlCharacters });
      else if (hasParentSegment(value))
        ctx.addIssue({ code: 'custom', message: backupPlanMessages.parentSegment });
      else if (!isValid(value)) ctx.addIssue({ code: 'custom', message });
    });

export const BackupLocalPath = /* @__PURE__ */ folderPath(isLocalPath, backupPlanMessages.localPath);
export const BackupSharePath = /* @__PURE__ */ folderPath(isSharePath, backupPlanMessages.sharePath);

// ---------------------------------------------------------------- destination

export const backupDestinationTypes = ['CLOUD', 'LOCAL', 'NETWORK_SHARE', 'HYBRID'] as const;
export const BackupDestinationType = /* @__PURE__ */ z.enum(backupDestinationTypes);
export type BackupDestinationType = z.infer<typeof BackupDestinationType>;

const LocalDestination = /* @__PURE__ */ z
  .object({ type: z.literal('LOCAL'), path: BackupLocalPath })
  .strict();
/** A share reached with an organization credential (its password goes to the agent only inside the job). */
const ShareDestination = /* @__PURE__ */ z
  .object({
    type: z.literal('NETWORK_SHARE'),
    path: BackupSharePath,
    credentialId: z.number().int().positive(),
  })
  .strict();

/**
 * Where revisions go. CLOUD: the server's store (one repository per organization). LOCAL: a folder on the
 * device. NETWORK_SHARE: a share, with a credential of the organization. HYBRID: first to the local folder or
 * share (`local`), then copied to the cloud by an upsync.
 */
export const BackupDestination = /* @__PURE__ */ z.discriminatedUnion('type', [
  z.object({ type: z.literal('CLOUD') }).strict(),
  LocalDestination,
  ShareDestination,
  z
    .object({
      type: z.literal('HYBRID'),
      local: z.discriminatedUnion('type', [LocalDestination, ShareDestination]),
    })
    .strict(),
]);
export type BackupDestination = z.infer<typeof BackupDestination>;

/** The folder or share a destination writes first (HYBRID: its local part); undefined for CLOUD. */
export const localPartOf = (destination: BackupDestination) =>
  destination.type === 'HYBRID' ? destination.local : destination.type === 'CLOUD' ? undefined : destination;

/** Whether revisions of this destination reach the server's store (CLOUD directly, HYBRID by upsync). */
export const reachesCloud = (destination: BackupDestination) =>
  destination.type === 'CLOUD' || destination.type === 'HYBRID';

// ---------------------------------------------------------------- retention and schedule

/** Revisions kept (like restic's forget --keep-*): the last N, and the newest of each of so many days, weeks, months. */
export const BackupRetention = /* @__PURE__ */ z
  .object({
    keepLast: z.number().int().min(0).max(1000),
    keepDaily: z.number().int().min(0).max(3660),
    keepWeekly: z.number().int().min(0).max(520),
    keepMonthly: z.number().int().min(0).max(1200),
  })
  .strict()
  .refine((r) => r.keepLast + r.keepDaily + r.keepWeekly + r.keepMonthly > 0, {
    message: backupPlanMessages.keepSomething,
  });
export type BackupRetention = z.infer<typeof BackupRetention>;

export const defaultBackupRetention: BackupRetention = {
  keepLast: 10,
  keepDaily: 7,
  keepWeekly: 4,
  keepMonthly: 12,
};

export const backupScheduleTypes = ['DAILY', 'WEEKLY', 'MONTHLY', 'INTERVAL', 'NO_SCHEDULE'] as const;

/** The scheduled tasks' schedule (same occurrences), limited to the types a backup runs on. */
export const BackupSchedule = /* @__PURE__ */ TaskSchedule.refine(
  (schedule) => (backupScheduleTypes as readonly string[]).includes(schedule.scheduleType),
  { path: ['scheduleType'], message: backupPlanMessages.scheduleType },
);
export type BackupSchedule = z.output<typeof BackupSchedule>;

/** Spec §9: daily at 17:00 in the local time zone. */
export const defaultBackupSchedule = (timeZone?: string): BackupSchedule => ({
  ...defaultSchedule(timeZone),
  runOnceDate: null,
  intervalMinutes: null,
});

// ---------------------------------------------------------------- plans

/** Which devices of the plan's organization it backs up: all, those of some locations, and/or a list. */
export const BackupPlanTargets = /* @__PURE__ */ z
  .object({
    allDevices: z.boolean().default(false),
    locationIds: z.array(z.number().int().positive()).max(BACKUP_PLAN_MAX_LOCATIONS).default([]),
    deviceIds: z.array(z.number().int().positive()).max(BACKUP_PLAN_MAX_DEVICES).default([]),
  })
  .strict();
export type BackupPlanTargets = z.output<typeof BackupPlanTargets>;

/** What a plan is, whoever holds it (an organization, or a policy: policy-items.ts), without its targets. */
export const BackupPlanFields = /* @__PURE__ */ z
  .object({
    name: z.string().trim().min(1).max(200),
    description: z.string().trim().max(2000).default(''),
    kind: BackupKind,
    include: z.array(BackupIncludeRule).max(BACKUP_PLAN_MAX_INCLUDE),
    exclude: z.array(BackupExcludeRule).max(BACKUP_PLAN_MAX_EXCLUDE).default([]),
    destination: BackupDestination,
    schedule: BackupSchedule,
    retention: BackupRetention.default(defaultBackupRetention),
    enabled: z.boolean().default(true),
  })
  .strict();

/** The checks across a plan's fields (a refinement: zod refuses `.omit` on a refined object, so it is kept apart). */
export const checkBackupPlanFields = (
  plan: Pick<z.output<typeof BackupPlanFields>, 'include' | 'kind' | 'destination'>,
  ctx: z.RefinementCtx,
) => {
  if (plan.include.length === 0)
    ctx.addIssue({ code: 'custom', path: ['include'], message: backupPlanMessages.includeRequired });
  if (plan.kind === 'networkShare' && localPartOf(plan.destination)?.type !== 'NETWORK_SHARE')
    ctx.addIssue({ code: 'custom', path: ['destination'], message: backupPlanMessages.networkShareKind });
};

/** POST /backup/strata/clients/{id}/plans, PUT /backup/strata/plans/{planId}. */
export const SaveBackupPlanRequest = /* @__PURE__ */ BackupPlanFields.extend({
  targets: BackupPlanTargets.default({ allDevices: false, locationIds: [], deviceIds: [] }),
}).superRefine(checkBackupPlanFields);
export type SaveBackupPlanRequest = z.input<typeof SaveBackupPlanRequest>;
export type SaveBackupPlanInput = z.output<typeof SaveBackupPlanRequest>;

export const backupIntegrityStatuses = ['OK', 'FAILED'] as const;
export const BackupIntegrityStatus = /* @__PURE__ */ z.enum(backupIntegrityStatuses);
export type BackupIntegrityStatus = z.infer<typeof BackupIntegrityStatus>;

/** The policy a plan comes from: a policy's plan is listed for the devices it reaches, read-only there. */
export const BackupPlanPolicy = /* @__PURE__ */ z.object({ id: z.number().int(), name: z.string() });
export type BackupPlanPolicy = z.infer<typeof BackupPlanPolicy>;

export const BackupPlan = /* @__PURE__ */ z.object({
  /** A uuid: the spec's planId is a string. */
  planId: z.string(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  name: z.string(),
  description: z.string(),
  kind: BackupKind,
  include: z.array(z.string()),
  exclude: z.array(z.string()),
  destination: BackupDestination,
  schedule: BackupSchedule,
  retention: BackupRetention,
  enabled: z.boolean(),
  targets: BackupPlanTargets,
  /** The next scheduled run (null: NO_SCHEDULE, or disabled). */
  nextRunAt: z.string().nullable(),
  /** The last integrity check's verdict: a failure marks the plan until a check passes. */
  integrityStatus: BackupIntegrityStatus.nullable(),
  integrityCheckedAt: z.string().nullable(),
  integrityMessage: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A policy's plan (listed for a device it reaches, in the device's organization): edited in the policy. */
  policy: BackupPlanPolicy.nullable().optional(),
});
export type BackupPlan = z.infer<typeof BackupPlan>;

export const BackupPlanResponse = /* @__PURE__ */ z.object({ plan: BackupPlan });
export type BackupPlanResponse = z.infer<typeof BackupPlanResponse>;
export const ListBackupPlansQuery = /* @__PURE__ */ PageQuery.extend({
  search: z.string().trim().max(200).optional(),
});
export type ListBackupPlansQuery = z.output<typeof ListBackupPlansQuery>;
export const ListBackupPlansResponse = /* @__PURE__ */ listOf(BackupPlan);
export type ListBackupPlansResponse = z.infer<typeof ListBackupPlansResponse>;

/** `planId` path parameter (a uuid). */
export const BackupPlanIdParam = /* @__PURE__ */ z.object({ planId: z.string().uuid() });

// ---------------------------------------------------------------- throttle

/** Below this a backup would never finish; empty (null) means no limit. */
export const BACKUP_MIN_RATE_BYTES_PER_SECOND = 65_536;

const rate = /* @__PURE__ */ z
  .number()
  .int()
  .min(BACKUP_MIN_RATE_BYTES_PER_SECOND, backupPlanMessages.throttleRate)
  .max(Number.MAX_SAFE_INTEGER)
  .nullable();
const clock = /* @__PURE__ */ z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time is HH:MM (00:00 to 23:59).');

/** The work-hours window: these week days, from `start` to `end` wall time in `timeZone`. */
export const BackupWorkHours = /* @__PURE__ */ z
  .object({
    weekDays: z.array(WeekDay).min(1).max(7),
    start: clock,
    end: clock,
    timeZone: z.string().refine(isTimeZone, 'Unknown time zone.'),
  })
  .strict()
  .refine((hours) => hours.end > hours.start, { path: ['end'], message: backupPlanMessages.workHoursOrder });
export type BackupWorkHours = z.infer<typeof BackupWorkHours>;

export const defaultBackupWorkHours = (timeZone: string): BackupWorkHours => ({
  weekDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
  start: '08:00',
  end: '18:00',
  timeZone,
});

/** Bytes per second a backup, upsync or restore may move during work hours and outside them (null: no limit). */
export const BackupThrottleSettings = /* @__PURE__ */ z
  .object({
    workHoursBytesPerSecond: rate,
    offHoursBytesPerSecond: rate,
    workHours: BackupWorkHours,
  })
  .strict();
export type BackupThrottleSettings = z.infer<typeof BackupThrottleSettings>;

/** The most specific throttle applies: the device's, else its location's, else its organization's. */
export const backupThrottleLevels = ['ORGANIZATION', 'LOCATION', 'DEVICE'] as const;
export const BackupThrottleLevel = /* @__PURE__ */ z.enum(backupThrottleLevels);
export type BackupThrottleLevel = z.infer<typeof BackupThrottleLevel>;

/** PUT /backup/strata/clients/{id}/throttles: sets (creates or replaces) the throttle of one level's target. */
export const SaveBackupThrottleRequest = /* @__PURE__ */ BackupThrottleSettings.extend({
  level: BackupThrottleLevel,
  /** The location or device id; for ORGANIZATION, the organization's own id (or left out). */
  targetId: z.number().int().positive().optional(),
}).strict();
export type SaveBackupThrottleRequest = z.input<typeof SaveBackupThrottleRequest>;

export const BackupThrottle = /* @__PURE__ */ BackupThrottleSettings.extend({
  id: z.number().int(),
  organizationId: z.number().int(),
  level: BackupThrottleLevel,
  targetId: z.number().int(),
  targetName: z.string(),
  updatedAt: z.string(),
});
export type BackupThrottle = z.infer<typeof BackupThrottle>;

export const ListBackupThrottlesResponse = /* @__PURE__ */ z.object({ throttles: z.array(BackupThrottle) });
export type ListBackupThrottlesResponse = z.infer<typeof ListBackupThrottlesResponse>;
export const BackupThrottleResponse = /* @__PURE__ */ z.object({ throttle: BackupThrottle });
export type BackupThrottleResponse = z.infer<typeof BackupThrottleResponse>;
/** GET /backup/strata/nodes/{id}/throttle: the throttle that applies to the device, if any. */
export const EffectiveBackupThrottleResponse = /* @__PURE__ */ z.object({
  throttle: BackupThrottle.nullable(),
});
export type EffectiveBackupThrottleResponse = z.infer<typeof EffectiveBackupThrottleResponse>;

// ---------------------------------------------------------------- organization settings

/** Per organization: the cap on the server's store (null: no cap). */
export const BackupSettings = /* @__PURE__ */ z
  .object({ cloudQuotaBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable() })
  .strict();
export type BackupSettings = z.infer<typeof BackupSettings>;
export const BackupSettingsResponse = /* @__PURE__ */ z.object({
  organizationId: z.number().int(),
  settings: BackupSettings,
  /** Bytes the organization's cloud repository holds now. */
  cloudBytes: z.number().int(),
});
export type BackupSettingsResponse = z.infer<typeof BackupSettingsResponse>;
