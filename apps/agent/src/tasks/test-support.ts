import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AgentMessage, type AgentTaskTriggered } from '@rmm/domain';
import type { Logger } from '../log.ts';
import type { LoginSession } from './sessions.ts';
import { createTaskTriggers, type HeldTask, type TaskTriggers } from './triggers.ts';

/** Test helpers for scheduled-task triggers: a machine whose boot and logons the test sets. */

const tempDirs: string[] = [];
const started: TaskTriggers[] = [];

export const LOGIN_POLL_MS = 1000;

export const createStateDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-tasks-'));
  tempDirs.push(dir);
  return dir;
};

export const cleanUpTaskTests = () => {
  for (const triggers of started.splice(0)) triggers.stop();
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
};

export const startupTask = (taskId: number): HeldTask => ({ taskId, trigger: 'ON_SYSTEM_STARTUP' });
export const loginTask = (taskId: number): HeldTask => ({ taskId, trigger: 'ON_USER_LOGIN' });
export const session = (user: string, id: string): LoginSession => ({ key: `test:${id}:${user}`, user });

/** The machine a test agent runs on: which boot it is in and who is logged on. */
export const createMachine = (bootKey = 'id:boot-1') => ({
  bootKey,
  sessions: [] as LoginSession[],
  isSessionListFailing: false,
});
export type TestMachine = ReturnType<typeof createMachine>;

/** Starts the triggers of one agent run (a new run on the same state dir is a restart). */
export const startTestTriggers = async (stateDir: string, machine: TestMachine) => {
  const sent: AgentMessage[] = [];
  const logged: string[] = [];
  let isConnected = true;
  const log: Logger = {
    info: (line) => void logged.push(`INFO ${line}`),
    warn: (line) => void logged.push(`WARN ${line}`),
    error: (line) => void logged.push(`ERROR ${line}`),
  };
  const triggers = createTaskTriggers({
    stateDir,
    deviceId: 7,
    loginPollMs: LOGIN_POLL_MS,
    log,
    bootKey: async () => machine.bootKey,
    loginSessions: async () => {
      if (machine.isSessionListFailing) throw new Error('who: not found');
      return machine.sessions;
    },
    send: (message) => {
      if (!isConnected) return false;
      sent.push(AgentMessage.parse(message));
      return true;
    },
  });
  started.push(triggers);
  await triggers.start();
  return {
    triggers,
    sent,
    logged,
    events: () => sent.filter((message): message is AgentTaskTriggered => message.type === 'taskTriggered'),
    setConnected: (value: boolean) => {
      isConnected = value;
    },
  };
};

export const heldEventFiles = (stateDir: string) => fs.readdirSync(path.join(stateDir, 'tasks', 'outbox'));
