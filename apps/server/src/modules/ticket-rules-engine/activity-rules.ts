import {
  type ActivityRuleSettings,
  isTicketActivity,
  ResolvedLibraryScript,
  type ScriptRuleSettings,
} from '@rmm/domain';
import type { Tx } from '../../db/database.ts';
import * as repo from './repository.ts';
import { callOptions, type RuleBatch } from './rule-batch.ts';
import { activityTicket, scriptTicket } from './ticket-content.ts';

/**
 * Script and activity rules (docs/decisions.md "Ticket rules engine"): both read the activities feed with a
 * cursor of their own. A job's result is the activity `job.result` (the jobs module writes it with the result,
 * in the same transaction); a SCRIPT_RULE takes those of library script jobs (`content.script.scriptId`) with
 * one of its results. An ACTIVITY_RULE takes activities of its actions and outcomes. Each match creates a
 * ticket in the activity's organization (and device, when it is about one that still exists). Activities of
 * tickets and of the rules themselves are never taken, so no ticket makes another.
 */

export const ACTIVITY_FEED_TYPES = ['SCRIPT_RULE', 'ACTIVITY_RULE'] as const;

type Job = Awaited<ReturnType<typeof repo.findJobs>>[number];

const libraryScriptOf = (job: Job) => {
  const parsed = ResolvedLibraryScript.safeParse((job.content as { script?: unknown }).script);
  return parsed.success ? parsed.data : undefined;
};

const scriptRule = async (
  tx: Tx,
  batch: RuleBatch,
  rulesets: repo.RulesetRow[],
  activity: repo.ActivityFeedEvent,
  job: Job | undefined,
) => {
  const script = job && libraryScriptOf(job);
  if (!job || !script || !job.jobResult) return;
  for (const ruleset of rulesets) {
    const settings = ruleset.ruleSettings as ScriptRuleSettings;
    if (!settings.results.includes(job.jobResult)) continue;
    if (settings.scriptIds.length > 0 && !settings.scriptIds.includes(script.scriptId)) continue;
    await batch.attempt(tx, ruleset, `job ${job.jobUid}`, async (_sp, calls) => {
      await calls.createTicket(
        scriptTicket(job, script.name, activity.targetName ?? `device ${job.deviceId}`, settings.ticket),
        callOptions(ruleset, 'SCHEDULED_AUTOMATION'),
      );
    });
  }
};

const activityRule = async (
  tx: Tx,
  batch: RuleBatch,
  rulesets: repo.RulesetRow[],
  activity: repo.ActivityFeedEvent,
  devices: Map<number, number>,
) => {
  const organizationId = activity.organizationId;
  if (organizationId === null) return;
  const targetDevice = activity.targetType === 'device' ? Number(activity.targetId) : Number.NaN;
  const deviceId = devices.get(targetDevice) === organizationId ? targetDevice : null;
  for (const ruleset of rulesets) {
    const settings = ruleset.ruleSettings as ActivityRuleSettings;
    if (!settings.actions.includes(activity.action)) continue;
    if (settings.outcomes.length > 0 && !settings.outcomes.includes(activity.outcome as never)) continue;
    await batch.attempt(tx, ruleset, `activity ${activity.id}`, async (_sp, calls) => {
      await calls.createTicket(
        activityTicket({ ...activity, organizationId }, deviceId, settings.ticket),
        callOptions(ruleset, 'ACTIVITY'),
      );
    });
  }
};

/** One batch of activities (those the cursor has passed), in the cursor's transaction. */
export const handleActivities = async (
  tx: Tx,
  batch: RuleBatch,
  activities: readonly repo.ActivityFeedEvent[],
) => {
  const { byId } = await repo.loadRulesets(tx);
  const enabled = (type: string) =>
    [...byId.values()].filter((r) => r.enabled && r.type === type && r.ruleSettings !== null);
  const scriptRules = enabled('SCRIPT_RULE');
  const activityRules = enabled('ACTIVITY_RULE');
  const taken = activities.filter((a) => !isTicketActivity(a.action));
  const results = scriptRules.length ? taken.filter((a) => a.action === 'job.result' && a.jobUid) : [];
  const jobs = new Map(
    (
      await repo.findJobs(
        tx,
        results.map((a) => a.jobUid!),
      )
    ).map((job) => [job.jobUid, job]),
  );
  const actions = new Set(activityRules.flatMap((r) => (r.ruleSettings as ActivityRuleSettings).actions));
  const matching = taken.filter((a) => actions.has(a.action));
  const devices = await repo.existingDevices(
    tx,
    [...new Set(matching.filter((a) => a.targetType === 'device').map((a) => Number(a.targetId)))].filter(
      Number.isInteger,
    ),
  );
  for (const activity of taken) {
    if (activity.action === 'job.result' && activity.jobUid)
      await scriptRule(tx, batch, scriptRules, activity, jobs.get(activity.jobUid));
    if (actions.has(activity.action)) await activityRule(tx, batch, activityRules, activity, devices);
  }
};
