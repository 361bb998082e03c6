import {
  defaultTaskSchedule,
  type JobRunAs,
  type OfflineDevicePolicy,
  type SaveScheduledTaskRequest,
  type ScheduledTask,
  type Script,
  type TaskSchedule,
  type TaskTargets,
} from '@rmm/domain';
import { scheduleRequest } from '../../components/schedule/schedule-request.ts';

/** One script of the task as the editor holds it: `key` tells the rows apart, `scriptName` titles it. */
export type ActionValues = {
  key: string;
  scriptId: number;
  scriptName: string;
  parameters: string[];
  runAs?: JobRunAs;
};

export type TaskFormValues = {
  name: string;
  description: string;
  enabled: boolean;
  schedule: TaskSchedule;
  actions: ActionValues[];
  targets: TaskTargets;
  offlineDevices: OfflineDevicePolicy;
};

let nextKey = 0;
const actionKey = () => `action-${++nextKey}`;

/** A new task: daily at 17:00 in the user's time zone (§9), enabled, no scripts or targets yet. */
export const newTaskValues = (timeZone: string): TaskFormValues => ({
  name: '',
  description: '',
  enabled: true,
  schedule: defaultTaskSchedule(timeZone),
  actions: [],
  targets: { deviceIds: [], searchIds: [], organizationIds: [] },
  offlineDevices: 'RUN_WHEN_ONLINE',
});

export const valuesOfTask = (task: ScheduledTask): TaskFormValues => ({
  name: task.name,
  description: task.description,
  enabled: task.enabled,
  schedule: task.schedule,
  actions: task.actions.map((action) => ({ ...action, key: actionKey() })),
  targets: task.targets,
  offlineDevices: task.offlineDevices,
});

/** A script just added: its parameters' defaults filled in, its own default run-as. */
export const actionOfScript = (script: Script): ActionValues => ({
  key: actionKey(),
  scriptId: script.id,
  scriptName: script.name,
  parameters: script.parameters.map((parameter) => parameter.defaultValue),
});

/** What POST/PUT /scheduled-tasks receive. */
export const requestOfValues = (values: TaskFormValues): SaveScheduledTaskRequest => ({
  name: values.name.trim(),
  description: values.description.trim(),
  enabled: values.enabled,
  schedule: scheduleRequest(values.schedule),
  actions: values.actions.map(({ scriptId, parameters, runAs }) =>
    runAs === undefined ? { scriptId, parameters } : { scriptId, parameters, runAs },
  ),
  targets: values.targets,
  offlineDevices: values.offlineDevices,
});

export const requestOfTask = (task: ScheduledTask): SaveScheduledTaskRequest =>
  requestOfValues(valuesOfTask(task));
