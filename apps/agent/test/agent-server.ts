import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AGENT_WS_PATH, AgentMessage, type ServerMessage } from '@rmm/domain';
import { expect, vi } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import { type StoreServer, startStoreServer } from './store-server.ts';

/**
 * A stand-in server for a real agent process: the agent socket (welcome, jobs, cancels, "result stored") and
 * the repository store, on one port. An agent whose identity file names it connects without enrolling.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const agentMain = path.join(repoRoot, 'apps/agent/src/main.ts');

export const startAgentServer = async (
  options: { storesResults?: boolean; storesReports?: boolean } = {},
) => {
  const store: StoreServer = await startStoreServer();
  const wss = new WebSocketServer({ noServer: true });
  const received: AgentMessage[] = [];
  /** When each message arrived (ms). */
  const arrivals: number[] = [];
  let socket: WebSocket | undefined;
  let storesResults = options.storesResults ?? true;
  let storesReports = options.storesReports ?? true;

  const send = (message: ServerMessage) => socket?.send(JSON.stringify(message));

  store.server.on('upgrade', (request, raw, head) => {
    if (request.url !== AGENT_WS_PATH || request.headers.authorization !== store.authorization) {
      raw.destroy();
      return;
    }
    wss.handleUpgrade(request, raw, head, (ws) => {
      socket = ws;
      ws.on('message', (data) => {
        const message = AgentMessage.parse(JSON.parse(String(data)));
        received.push(message);
        arrivals.push(Date.now());
        if (message.type === 'jobResult' && storesResults)
          send({ v: 1, type: 'jobResultStored', jobUid: message.jobUid });
        if (message.type === 'conditionReport' && storesReports)
          send({ v: 1, type: 'conditionReportStored', reportId: message.reportId });
      });
      send({
        v: 1,
        type: 'welcome',
        deviceId: store.deviceId,
        approvalStatus: 'APPROVED',
        heartbeatIntervalSeconds: 3600,
        serverTime: new Date().toISOString(),
        inventoryKey: null,
      });
    });
  });

  const ofType = <T extends AgentMessage['type']>(type: T) =>
    received.filter((message): message is Extract<AgentMessage, { type: T }> => message.type === type);

  return {
    store,
    received,
    /** The backup job's progress messages with the time each arrived. */
    progressOf: (jobUid: string) =>
      received.flatMap((message, index) =>
        message.type === 'backupProgress' && message.jobUid === jobUid
          ? [{ ...message, at: arrivals[index]! }]
          : [],
      ),
    send,
    ofType,
    setStoresResults: (value: boolean) => {
      storesResults = value;
    },
    /** Whether condition reports are answered with conditionReportStored. */
    setStoresReports: (value: boolean) => {
      storesReports = value;
    },
    /** Waits until the agent has said hello on a (new) connection: the count of hellos reaches `count`. */
    helloCount: (count: number) =>
      vi.waitFor(() => expect(ofType('hello').length).toBeGreaterThanOrEqual(count), {
        timeout: 30_000,
        interval: 50,
      }),
    resultOf: (jobUid: string) =>
      vi.waitFor(
        () => {
          const result = ofType('jobResult').find((message) => message.jobUid === jobUid);
          expect(result).toBeDefined();
          return result!;
        },
        { timeout: 60_000, interval: 50 },
      ),
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await store.close();
    },
  };
};
export type AgentServer = Awaited<ReturnType<typeof startAgentServer>>;

/** Writes the identity an enrolment would have given, so the agent connects at once. */
export const writeIdentity = (stateDir: string, server: AgentServer) => {
  fs.mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(
    path.join(stateDir, 'identity.json'),
    JSON.stringify({
      serverUrl: server.store.url,
      deviceId: server.store.deviceId,
      deviceSecret: server.store.deviceSecret,
      organizationId: 1,
      enrolledAt: new Date().toISOString(),
    }),
    { mode: 0o600 },
  );
};

export type AgentProcess = { child: ChildProcess; output: () => string; stop: () => Promise<number | null> };

/** A real agent process: `node --import tsx apps/agent/src/main.ts ...`. */
export const spawnAgent = (args: string[], env: Record<string, string> = {}): AgentProcess => {
  const child = spawn(process.execPath, ['--import', 'tsx', agentMain, ...args], {
    cwd: repoRoot,
    env: { ...process.env, RMM_RECONNECT_MIN_MS: '100', RMM_RECONNECT_MAX_MS: '500', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
};

/** Runs the agent's command line to its end: exit code and what it printed. */
export const runAgentCommand = (args: string[]) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', agentMain, ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
