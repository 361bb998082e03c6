import * as z from 'zod';
import { ActivityOutcome } from './activities.ts';
import { AlertPriority, AlertSeverity } from './conditions.ts';
import { INT32_MAX, SECONDS_PER_DAY } from './constants.ts';
import { JobResult } from './jobs.ts';
import { Tag } from './validators.ts';

/**
 * The settings of the ticket rulesets that are not condition rules (issue 20 item 6; docs/decisions.md "Ticket
 * rules engine"). Spec §3 names the trigger types but shows only a condition ruleset's settings, so these are
 * our own, each an optional field of the ruleset beside the spec's:
 *
 * - SCRIPT_RULE `scriptRuleSettings`: a result of a library script job creates a ticket;
 * - ACTIVITY_RULE `activityRuleSettings`: an activity of a chosen action (and outcome) creates a ticket;
 * - EVENT_BASED `eventRuleSettings`: a ticket that enters a status or priority gets fields set;
 * - TIME_BASED `timeRuleSettings`: a ticket in a status for longer than some minutes gets fields set.
 *
 * RESPONSE_TEMPLATE and BOARD rulesets are stored, and do nothing.
 */

export const MAX_RULE_SCRIPTS = 50;
export const MAX_RULE_ACTIONS = 20;
export const MAX_RULE_STATUSES = 20;
export const RULE_ACTION_MAX = 100;
/** A time rule waits at most a year. */
export const MAX_TIME_RULE_MINUTES = (365 * SECONDS_PER_DAY) / 60;
/** Tags a rule puts on a ticket (as a condition ruleset's). */
const MAX_RULE_TAGS = 20;

export const ticketRuleMessages = {
  ACTIVITY_ACTION_REQUIRED: 'Choose at least one activity type.',
  ACTIVITY_TICKET_ACTION:
    'Ticket and ticket ruleset activities cannot create tickets: each ticket would make another.',
  EVENT_TRIGGER_REQUIRED: 'Choose at least one status or priority that sets the rule off.',
  RULE_ACTION_REQUIRED: 'Choose at least one field to set.',
  SETTINGS_OF_ANOTHER_TYPE: 'These settings belong to another trigger type.',
} as const;

const Id = /* @__PURE__ */ z.number().int().positive().max(INT32_MAX);
const Tags = /* @__PURE__ */ z.array(Tag).max(MAX_RULE_TAGS, `At most ${MAX_RULE_TAGS} tags`);

/** The ticket a script or activity rule creates: its form (null: none), status (null: New), tags, priority, severity (null: NONE). */
export const RuleTicketSettings = /* @__PURE__ */ z.object({
  ticketFormId: Id.nullable(),
  status: Id.nullable(),
  tags: Tags,
  priority: AlertPriority.nullable(),
  severity: AlertSeverity.nullable(),
});
export type RuleTicketSettings = z.infer<typeof RuleTicketSettings>;

/** What an event or time rule sets on a ticket (null: left as it is; tags are added). */
export const RuleTicketChanges = /* @__PURE__ */ z
  .object({
    status: Id.nullable(),
    priority: AlertPriority.nullable(),
    severity: AlertSeverity.nullable(),
    tags: Tags,
    assigneeId: Id.nullable(),
  })
  .refine(
    (set) =>
      set.status !== null ||
      set.priority !== null ||
      set.severity !== null ||
      set.tags.length > 0 ||
      set.assigneeId !== null,
    { message: ticketRuleMessages.RULE_ACTION_REQUIRED },
  );
export type RuleTicketChanges = z.infer<typeof RuleTicketChanges>;

/** A finished job of one of these library scripts (none listed: any library script) with one of these results. */
export const ScriptRuleSettings = /* @__PURE__ */ z.object({
  scriptIds: z.array(Id).max(MAX_RULE_SCRIPTS),
  results: z.array(JobResult).min(1).max(2),
  ticket: RuleTicketSettings,
});
export type ScriptRuleSettings = z.infer<typeof ScriptRuleSettings>;

/** Activities of tickets and of the rules themselves (`ticket.create`, `ticketRuleset.apply`): no rule takes them. */
export const isTicketActivity = (action: string) => /^ticket(Ruleset)?\./.test(action);

/** An activity action as the activity log names it (`device.delete`, `job.result`, `alert.raised`...). */
const ActivityAction = /* @__PURE__ */ z
  .string()
  .trim()
  .min(1)
  .max(RULE_ACTION_MAX)
  .regex(/^[A-Za-z][\w.-]*$/, 'An action is a name such as device.delete')
  .refine((action) => !isTicketActivity(action), ticketRuleMessages.ACTIVITY_TICKET_ACTION);

/**
 * Activity actions an activity rule is often set to: those of a device, a job, an alert or an organization's
 * setup, which carry the organization a ticket needs. Offered by the console; any other action name may be
 * typed (an activity without an organization makes no ticket).
 */
export const suggestedRuleActions = [
  'alert.raised',
  'alert.reset',
  'alert.automation',
  'device.enroll',
  'device.approval',
  'device.update',
  'device.delete',
  'device.policy',
  'device.wakeup',
  'job.submit',
  'job.result',
  'job.cancel',
  'job.expire',
  'scheduledTask.run',
  'scheduledTask.missed',
  'backupPlan.create',
  'backupPlan.update',
  'backupPlan.delete',
  'backup.job.ignore',
  'credential.create',
  'credential.update',
  'credential.delete',
  'contact.create',
  'contact.update',
  'contact.delete',
  'enrollment.create',
  'enrollment.revoke',
  'organization.update',
] as const;

/** An activity of one of these actions with one of these outcomes (none listed: either). */
export const ActivityRuleSettings = /* @__PURE__ */ z.object({
  actions: z
    .array(ActivityAction)
    .min(1, ticketRuleMessages.ACTIVITY_ACTION_REQUIRED)
    .max(MAX_RULE_ACTIONS, `At most ${MAX_RULE_ACTIONS} activity types`),
  outcomes: z.array(ActivityOutcome).max(2),
  ticket: RuleTicketSettings,
});
export type ActivityRuleSettings = z.infer<typeof ActivityRuleSettings>;

/** A ticket that enters one of these statuses, or one of these priorities, gets `set`. */
export const EventRuleSettings = /* @__PURE__ */ z
  .object({
    statusIds: z.array(Id).max(MAX_RULE_STATUSES),
    priorities: z.array(AlertPriority).max(4),
    set: RuleTicketChanges,
  })
  .refine((rule) => rule.statusIds.length > 0 || rule.priorities.length > 0, {
    path: ['statusIds'],
    message: ticketRuleMessages.EVENT_TRIGGER_REQUIRED,
  });
export type EventRuleSettings = z.infer<typeof EventRuleSettings>;

/** A ticket that has been in `statusId` for `afterMinutes` gets `set`, once per stay in the status. */
export const TimeRuleSettings = /* @__PURE__ */ z.object({
  statusId: Id,
  afterMinutes: z.number().int().min(1).max(MAX_TIME_RULE_MINUTES),
  set: RuleTicketChanges,
});
export type TimeRuleSettings = z.infer<typeof TimeRuleSettings>;

/** The ruleset field that holds each trigger type's own settings. */
export const ruleSettingsFieldOfType = {
  SCRIPT_RULE: 'scriptRuleSettings',
  ACTIVITY_RULE: 'activityRuleSettings',
  EVENT_BASED: 'eventRuleSettings',
  TIME_BASED: 'timeRuleSettings',
} as const;
export type RuleSettingsField = (typeof ruleSettingsFieldOfType)[keyof typeof ruleSettingsFieldOfType];
export const ruleSettingsFields = Object.values(ruleSettingsFieldOfType);

/** One of the four, as stored with its ruleset. */
export type RuleSettings = ScriptRuleSettings | ActivityRuleSettings | EventRuleSettings | TimeRuleSettings;
