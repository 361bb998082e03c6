import {
  checkScriptParameterValue,
  JobRunAs,
  messages,
  SaveScheduledTaskRequest,
  type Script,
  TaskSchedule,
} from '@rmm/domain';
import type { TFunction } from 'i18next';
import { scheduleRequest } from '../../components/schedule/schedule-request.ts';
import { requestOfValues, type TaskFormValues } from './task-form.ts';

/** The custom-account form of JobRunAs (`{user}`), checked on its own for a message beside its field. */
const customUser = JobRunAs.options[2];

type Issue = { code: string; path: PropertyKey[]; message: string };

/** The domain's own message for its rules; an empty required text or list reads as the spec's "mandatory". */
const messageOf = (issue: Issue, t: TFunction) => {
  if (issue.code === 'custom') return issue.message;
  if (issue.path.join('.') === 'actions' && issue.code === 'too_small') return t('scheduledTasks.noScripts');
  if (issue.code === 'too_small' || issue.code === 'invalid_type') return messages.validation.mandatory;
  return issue.message;
};

/**
 * The form's errors by field path (`schedule.weekDays`, `targets`, `actions.0.parameters.1`): the domain's
 * SaveScheduledTaskRequest, then each parameter value against its script's parameter type.
 */
export const validateTask = (
  values: TaskFormValues,
  scripts: ReadonlyMap<number, Script>,
  t: TFunction,
): Record<string, string> => {
  const errors: Record<string, string> = {};
  const parsed = SaveScheduledTaskRequest.safeParse(requestOfValues(values));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= messageOf(issue, t);
  }
  values.actions.forEach((action, index) => {
    const runAs = action.runAs;
    if (runAs !== undefined && typeof runAs === 'object' && 'user' in runAs) {
      const user = customUser.safeParse(runAs);
      if (!user.success)
        errors[`actions.${index}.runAs.user`] =
          runAs.user.trim() === '' ? messages.validation.mandatory : user.error.issues[0]!.message;
    }
    const parameters = scripts.get(action.scriptId)?.parameters ?? [];
    parameters.forEach((parameter, position) => {
      const problem = checkScriptParameterValue(parameter, action.parameters[position] ?? '');
      if (problem) errors[`actions.${index}.parameters.${position}`] ??= problem;
    });
  });
  return errors;
};

/** The schedule as the server takes it, or undefined while it misses something (no preview then). */
export const completeSchedule = (schedule: TaskSchedule): TaskSchedule | undefined => {
  const parsed = TaskSchedule.safeParse(scheduleRequest(schedule));
  return parsed.success ? parsed.data : undefined;
};
