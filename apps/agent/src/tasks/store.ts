import fs from 'node:fs';
import path from 'node:path';
import { AgentTaskTriggered, ServerTaskSet } from '@rmm/domain';
import { z } from 'zod';
import { writeFileAtomic } from '../jobs/journal.ts';
import type { Logger } from '../log.ts';

/**
 * What the agent keeps for scheduled tasks, in `<stateDir>/tasks/`: `state.json` (the task set the
 * server sent last, the boot the agent last saw and what fired in it, the logon sessions seen) and
 * `outbox/<eventId>.json`, one file per trigger event until the server has stored it. Files are
 * written atomically with mode 0600 (the job journal's way).
 */

export const TaskTriggerState = z.object({
  tasks: ServerTaskSet.shape.tasks,
  boot: z.object({
    key: z.string().min(1),
    /** ON_SYSTEM_STARTUP tasks that fired in this boot: each fires once per boot. */
    firedTaskIds: z.array(z.number().int().positive()),
    /** The first task set of this boot was applied: startup tasks of later sets wait for the next boot. */
    isSetApplied: z.boolean(),
  }),
  /** Session keys seen in this boot; null: no look yet, and the first look only records. */
  sessionKeys: z.array(z.string()).nullable(),
});
export type TaskTriggerState = z.infer<typeof TaskTriggerState>;

export const TriggerEvent = AgentTaskTriggered.omit({ v: true, type: true, deviceId: true });
export type TriggerEvent = z.infer<typeof TriggerEvent>;

/** Events held at most; beyond it the oldest go (a device that cannot reach its server for months). */
export const MAX_HELD_EVENTS = 1000;

const DIR_MODE = 0o700;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const openTaskStore = (stateDir: string, log: Logger) => {
  const dir = path.join(stateDir, 'tasks');
  const outboxDir = path.join(dir, 'outbox');
  const stateFile = path.join(dir, 'state.json');
  fs.mkdirSync(outboxDir, { recursive: true, mode: DIR_MODE });

  const eventPath = (eventId: string) => {
    if (!UUID.test(eventId)) throw new Error(`not an eventId: ${eventId}`);
    return path.join(outboxDir, `${eventId}.json`);
  };

  /** The stored state; none (first start) or a damaged file (logged, then started afresh): undefined. */
  const loadState = (): TaskTriggerState | undefined => {
    if (!fs.existsSync(stateFile)) return undefined;
    try {
      return TaskTriggerState.parse(JSON.parse(fs.readFileSync(stateFile, 'utf8')));
    } catch (error) {
      log.error(
        `scheduled tasks: ${stateFile} is damaged, starting with no task set: ${(error as Error).message}`,
      );
      fs.rmSync(stateFile, { force: true });
      return undefined;
    }
  };

  /** Every held event, oldest first; half-written and damaged files are removed (the latter logged). */
  const loadEvents = (): TriggerEvent[] => {
    const events: TriggerEvent[] = [];
    for (const name of fs.readdirSync(outboxDir)) {
      const file = path.join(outboxDir, name);
      if (name.endsWith('.tmp')) {
        fs.rmSync(file, { force: true });
        continue;
      }
      try {
        events.push(TriggerEvent.parse(JSON.parse(fs.readFileSync(file, 'utf8'))));
      } catch (error) {
        log.error(
          `scheduled tasks: the held event ${name} is damaged and dropped: ${(error as Error).message}`,
        );
        fs.rmSync(file, { force: true });
      }
    }
    return events.sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
  };

  return {
    dir,
    loadState,
    saveState: (state: TaskTriggerState) => writeFileAtomic(stateFile, JSON.stringify(state)),
    loadEvents,
    putEvent: (event: TriggerEvent) => writeFileAtomic(eventPath(event.eventId), JSON.stringify(event)),
    removeEvent: (eventId: string) => fs.rmSync(eventPath(eventId), { force: true }),
  };
};
export type TaskStore = ReturnType<typeof openTaskStore>;
