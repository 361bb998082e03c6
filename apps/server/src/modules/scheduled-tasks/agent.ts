import {
  type AgentTaskTrigger,
  type AgentTaskTriggered,
  agentTaskTriggers,
  type ServerMessage,
  type ServerTaskSet,
} from '@rmm/domain';
import type { Bus } from '../../bus/index.ts';
import { agentSubject } from '../../bus/subjects.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { actorOfUser } from '../auth/service.ts';
import { dispatchJobs } from '../jobs/dispatch.ts';
import * as repo from './repository.ts';
import { runTask, type TaskForRun } from './runner.ts';

/**
 * Tasks the agents carry out (ON_SYSTEM_STARTUP, ON_USER_LOGIN): each connected agent holds the set of
 * such tasks that target its device, sent after its hello and again whenever one of them changes; the
 * agent reports each event (`taskTriggered`) and the server runs it once per event id.
 */

type Log = { warn: (obj: object, msg: string) => void };

const isAgentTrigger = (value: string): value is AgentTaskTrigger =>
  (agentTaskTriggers as readonly string[]).includes(value);

/** The devices a task targets now, in its owner's scope (none when the owner may not run it). */
const targetedDeviceIds = async (db: DbOrTx, task: TaskForRun, onlyIds?: number[]) => {
  const owner = task.createdById === null ? null : await actorOfUser({ db, userId: task.createdById });
  if (!owner?.permissions.has('scheduledTasks.manage')) return [];
  const searches = await repo.findSavedSearches(db, task.targets.searchIds);
  const devices = await repo.findTargetDevices(
    db,
    owner.scope,
    {
      deviceIds: task.targets.deviceIds,
      organizationIds: task.targets.organizationIds,
      criteria: searches.map((search) => search.criteria),
    },
    onlyIds,
  );
  return devices.map((device) => device.id);
};

const taskSetMessage = (tasks: TaskForRun[]): ServerTaskSet => ({
  v: 1,
  type: 'taskSet',
  tasks: tasks.flatMap((task) =>
    isAgentTrigger(task.scheduleType) ? [{ taskId: task.id, trigger: task.scheduleType }] : [],
  ),
});

/** The task set of one device (sent after its agent's hello). */
export const taskSetOf = async (db: DbOrTx, deviceId: number): Promise<ServerTaskSet> => {
  const tasks = await repo.findEventTasks(db);
  const targeting: TaskForRun[] = [];
  for (const task of tasks)
    if ((await targetedDeviceIds(db, task, [deviceId])).length > 0) targeting.push(task);
  return taskSetMessage(targeting);
};

/**
 * After event tasks changed (saved, disabled, deleted): every device the old or new versions targeted gets
 * its whole task set again, through the bus to whichever process holds its agent's socket.
 */
export const publishTaskSets = async (db: Db, bus: Bus, changed: TaskForRun[]) => {
  const affected = new Set<number>();
  for (const task of changed) {
    const searches = await repo.findSavedSearches(db, task.targets.searchIds);
    const devices = await repo.findTargetDevices(db, 'all', {
      deviceIds: task.targets.deviceIds,
      organizationIds: task.targets.organizationIds,
      criteria: searches.map((search) => search.criteria),
    });
    for (const device of devices) affected.add(device.id);
  }
  if (affected.size === 0) return;
  const setOf = new Map<number, TaskForRun[]>([...affected].map((id) => [id, []]));
  for (const task of await repo.findEventTasks(db))
    for (const id of await targetedDeviceIds(db, task, [...affected])) setOf.get(id)?.push(task);
  for (const [deviceId, tasks] of setOf) bus.publish(agentSubject(deviceId), taskSetMessage(tasks));
};

type TriggerContext = { db: Db; bus: Bus; log: Log; jobExpirySeconds: number };

/**
 * An agent's event: a run for that device (once per event id: a re-sent event finds its run and makes no
 * second one), its jobs stored and sent, then `taskTriggerStored` so the agent forgets the event. An event
 * for a task that no longer targets the device is answered too (with the device's current task set).
 */
export const onTaskTriggered = async (
  ctx: TriggerContext,
  device: { id: number },
  send: (message: ServerMessage) => void,
  message: AgentTaskTriggered,
) => {
  const task = await repo.findTaskById(ctx.db, message.taskId);
  const isValid =
    task?.enabled === true &&
    task.scheduleType === message.trigger &&
    (await targetedDeviceIds(ctx.db, task, [device.id])).length > 0;
  if (!isValid) {
    ctx.log.warn(
      { deviceId: device.id, taskId: message.taskId },
      'agent reported an event of a task it does not have',
    );
    send(await taskSetOf(ctx.db, device.id));
  } else {
    const outcome = await ctx.db.transaction((tx) =>
      runTask(tx, {
        task,
        trigger: message.trigger,
        occurrence: new Date(message.occurredAt),
        event: { deviceId: device.id, eventId: message.eventId },
        jobExpirySeconds: ctx.jobExpirySeconds,
      }),
    );
    if (outcome) dispatchJobs(ctx.bus, outcome.jobs);
  }
  send({ v: 1, type: 'taskTriggerStored', eventId: message.eventId });
};
