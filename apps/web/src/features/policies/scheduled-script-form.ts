import {
  defaultTaskSchedule,
  type JobRunAs,
  messages,
  type OfflineDevicePolicy,
  PolicyScheduledScript,
  type PolicyScheduledScriptInput,
  type RunAs,
  type TaskSchedule,
} from '@rmm/domain';
import type { TFunction } from 'i18next';
import { scheduleRequest } from '../../components/schedule/schedule-request.ts';

/**
 * A policy's scheduled script as its dialog edits it: the scheduled task's fields without targets, each
 * script with its run-as as the condition automations pick it (no organization credentials: a policy serves
 * every organization).
 */

export type ScriptActionDraft = {
  key: string;
  scriptId: number | null;
  parameters: string[];
  runAs: RunAs | undefined;
};

export type ScriptFormValues = {
  name: string;
  description: string;
  enabled: boolean;
  schedule: TaskSchedule;
  actions: ScriptActionDraft[];
  offlineDevices: OfflineDevicePolicy;
};

let nextKey = 0;
export const newActionDraft = (): ScriptActionDraft => ({
  key: `script-action-${++nextKey}`,
  scriptId: null,
  parameters: [],
  runAs: undefined,
});

const runAsOf = (runAs: JobRunAs | undefined): RunAs | undefined => {
  if (runAs === undefined) return undefined;
  if (typeof runAs === 'string') return { kind: 'option', option: runAs };
  return 'user' in runAs ? { kind: 'custom', value: runAs.user } : undefined;
};

const jobRunAsOf = (runAs: RunAs | undefined): JobRunAs | undefined => {
  if (runAs === undefined) return undefined;
  if (runAs.kind === 'option') return runAs.option;
  return runAs.kind === 'custom' ? { user: runAs.value } : undefined;
};

/** The dialog's values for a script, or for a new one (daily at 17:00 in `timeZone`, spec §9). */
export const scriptFormValuesOf = (
  script: PolicyScheduledScript | undefined,
  timeZone: string,
): ScriptFormValues => ({
  name: script?.name ?? '',
  description: script?.description ?? '',
  enabled: script?.enabled ?? true,
  schedule: script?.schedule ?? defaultTaskSchedule(timeZone),
  actions: script
    ? script.actions.map((action) => ({
        ...newActionDraft(),
        scriptId: action.scriptId,
        parameters: action.parameters,
        runAs: runAsOf(action.runAs),
      }))
    : [newActionDraft()],
  offlineDevices: script?.offlineDevices ?? 'RUN_WHEN_ONLINE',
});

/** The scheduled script the values make, as the policy holds it. */
export const scheduledScriptOf = (values: ScriptFormValues, id: string): PolicyScheduledScriptInput => ({
  id,
  name: values.name.trim(),
  description: values.description.trim(),
  enabled: values.enabled,
  schedule: scheduleRequest(values.schedule),
  actions: values.actions.map((action) => {
    const runAs = jobRunAsOf(action.runAs);
    return {
      scriptId: action.scriptId ?? 0,
      parameters: action.parameters,
      ...(runAs === undefined ? {} : { runAs }),
    };
  }),
  offlineDevices: values.offlineDevices,
});

/** The domain's messages by field (`name`, `schedule.weekDays`, `actions.0.scriptId`, `actions.0.runAs`). */
export const validateScriptForm = (values: ScriptFormValues, id: string, t: TFunction) => {
  const errors: Record<string, string> = {};
  const parsed = PolicyScheduledScript.safeParse(scheduledScriptOf(values, id));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const [head, index, field] = issue.path;
    const path =
      head === 'actions' && index !== undefined
        ? `actions.${String(index)}.${String(field)}`
        : issue.path.join('.');
    const isEmpty = issue.code === 'too_small' || issue.code === 'invalid_type';
    const message =
      path === 'actions' && isEmpty
        ? t('policies.scripts.scriptRequired')
        : isEmpty
          ? messages.validation.mandatory
          : issue.message;
    errors[path] ??= message;
  }
  values.actions.forEach((action, index) => {
    if (action.scriptId === null) errors[`actions.${index}.scriptId`] = t('policies.scripts.scriptRequired');
  });
  return errors;
};
