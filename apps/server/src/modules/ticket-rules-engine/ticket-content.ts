import {
  type AlertPriority,
  type AlertSeverity,
  type ConditionTriggerSettings,
  type CreateTicketRequest,
  NEW_TICKET_STATUS_ID,
  type RuleTicketSettings,
  TICKET_MAX_TAGS,
  TICKET_SUBJECT_MAX,
  type TicketPriority,
  type TicketSeverity,
  type UpdateTicketRequest,
} from '@rmm/domain';
import type { ActivityFeedEvent, AlertFeedEvent } from './repository.ts';

/**
 * What the rules write on tickets: subjects, descriptions (Markdown: what came from an agent goes in a code
 * block or is escaped, so it shows as typed), comments, and the fields a ruleset sets.
 */

const subject = (text: string) =>
  text.length <= TICKET_SUBJECT_MAX ? text : `${text.slice(0, TICKET_SUBJECT_MAX - 1)}…`;

/** Text as Markdown shows it literally (no links, emphasis or HTML of its own). */
export const escapeMarkdown = (text: string) => text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&');

/** A fenced block longer than any run of backticks inside, so the text cannot close it. */
export const codeBlock = (text: string) => {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}\n${text}\n${fence}`;
};

const keyName = (event: Pick<AlertFeedEvent, 'conditionName' | 'instance'>) =>
  event.instance ? `${event.conditionName} (${event.instance})` : event.conditionName;

const ruleTicketFields = (settings: RuleTicketSettings) => ({
  formId: settings.ticketFormId,
  statusId: settings.status ?? NEW_TICKET_STATUS_ID,
  tags: settings.tags,
});

/** A condition ruleset's ticket for a triggered alert; the device's owner is its requester when the ruleset says so. */
export const alertTicket = (
  event: AlertFeedEvent,
  trigger: ConditionTriggerSettings,
): CreateTicketRequest => ({
  organizationId: event.organizationId,
  deviceId: event.deviceId,
  subject: subject(`${keyName(event)} on ${event.deviceName}`),
  description: [
    `**Alert:** ${escapeMarkdown(event.message)}`,
    '',
    `- Device: ${escapeMarkdown(event.deviceName)}`,
    `- Condition: ${escapeMarkdown(keyName(event))}`,
    `- Severity: ${event.severity}, priority: ${event.priority}`,
    `- Triggered: ${event.triggerTime.toISOString()}`,
  ].join('\n'),
  isDescriptionPublic: false,
  type: 'INCIDENT',
  requester:
    trigger.useOwnerAsRequester && event.deviceOwnerId !== null ? { userId: event.deviceOwnerId } : null,
  ...ruleTicketFields(trigger),
  priority: (trigger.priority ?? event.priority) as TicketPriority,
  severity: (trigger.severity ?? event.severity) as TicketSeverity,
});

/** The log comment of a re-trigger that updates the open ticket. */
export const retriggerComment = (event: AlertFeedEvent) =>
  [
    `The condition triggered again at ${event.triggerTime.toISOString()} (alert ${event.alertId}):`,
    escapeMarkdown(event.message),
  ].join(' ');

type ScriptJob = {
  jobName: string;
  jobUid: string;
  deviceId: number;
  organizationId: number;
  jobResult: string | null;
  resultContent: Record<string, unknown> | null;
  finishedAt: Date | null;
};

const OUTPUT_TAIL = 4000;
const tail = (value: unknown) => {
  const text = typeof value === 'string' ? value : '';
  return text.length <= OUTPUT_TAIL ? text : `…${text.slice(-OUTPUT_TAIL)}`;
};

/** A script rule's ticket for a finished library script job. */
export const scriptTicket = (
  job: ScriptJob,
  scriptName: string,
  deviceName: string,
  settings: RuleTicketSettings,
): CreateTicketRequest => {
  const result = job.resultContent ?? {};
  const stderr = tail(result.stderr);
  const stdout = tail(result.stdout);
  return {
    organizationId: job.organizationId,
    deviceId: job.deviceId,
    subject: subject(
      `Script ${scriptName} ${job.jobResult === 'SUCCESS' ? 'succeeded' : 'failed'} on ${deviceName}`,
    ),
    description: [
      `Job ${escapeMarkdown(job.jobName)} (${job.jobUid}) finished with ${job.jobResult ?? 'no result'}${
        job.finishedAt ? ` at ${job.finishedAt.toISOString()}` : ''
      }.`,
      ...(typeof result.exitCode === 'number' ? ['', `Exit code: ${result.exitCode}`] : []),
      ...(typeof result.errorMessage === 'string' && result.errorMessage
        ? ['', `Error: ${escapeMarkdown(result.errorMessage)}`]
        : []),
      ...(stderr ? ['', 'Errors:', '', codeBlock(stderr)] : []),
      ...(stdout ? ['', 'Output:', '', codeBlock(stdout)] : []),
    ].join('\n'),
    isDescriptionPublic: false,
    type: 'INCIDENT',
    ...ruleTicketFields(settings),
    priority: (settings.priority ?? 'NONE') as AlertPriority,
    severity: (settings.severity ?? 'NONE') as AlertSeverity,
  };
};

/** An activity rule's ticket; `deviceId` only when the activity is about a device that still exists. */
export const activityTicket = (
  activity: ActivityFeedEvent & { organizationId: number },
  deviceId: number | null,
  settings: RuleTicketSettings,
): CreateTicketRequest => ({
  organizationId: activity.organizationId,
  deviceId,
  subject: subject(
    `${activity.action}${activity.outcome === 'FAILURE' ? ' failed' : ''}${
      activity.targetName ? `: ${activity.targetName}` : ''
    }`,
  ),
  description: [
    `${escapeMarkdown(activity.actorName)}: ${activity.action} (${activity.outcome}) at ${activity.time.toISOString()}`,
    ...(activity.detail ? ['', escapeMarkdown(activity.detail)] : []),
  ].join('\n'),
  isDescriptionPublic: false,
  type: 'INCIDENT',
  ...ruleTicketFields(settings),
  priority: (settings.priority ?? 'NONE') as AlertPriority,
  severity: (settings.severity ?? 'NONE') as AlertSeverity,
});

/** The fields a re-trigger, an event or a time rule sets (null: left as it is; tags are added to the ticket's). */
export const ticketChanges = (
  current: { version: number; tags: readonly string[] },
  set: {
    status: number | null;
    priority: AlertPriority | null;
    severity: AlertSeverity | null;
    tags: readonly string[];
    assigneeId?: number | null;
  },
): UpdateTicketRequest => {
  const tags = [...new Set([...current.tags, ...set.tags])].slice(0, TICKET_MAX_TAGS);
  return {
    version: current.version,
    ...(set.status === null ? {} : { statusId: set.status }),
    ...(set.priority === null ? {} : { priority: set.priority }),
    ...(set.severity === null ? {} : { severity: set.severity }),
    ...(tags.length === current.tags.length ? {} : { tags }),
    ...(set.assigneeId == null ? {} : { assigneeId: set.assigneeId }),
  };
};
