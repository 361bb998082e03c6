import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AgentEnrollResponse, DeviceInventory, ServerMessage } from '@rmm/domain';
import { createInventory as createBaseInventory } from '@rmm/domain/testing';
import WebSocket from 'ws';
import { createOrganizationInput, type TestContext } from './helpers.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const agentMain = path.join(repoRoot, 'apps/agent/src/main.ts');

/** Short timings so the agent tests run in seconds (each a setting of the server). */
export const fastAgentSettings = {
  heartbeatIntervalSeconds: 1,
  offlineThresholdSeconds: 3,
  statusSweepIntervalMs: 200,
  presenceFlushIntervalMs: 200,
  metricSampleSeconds: 1,
};

/** Polls until `check` answers something truthy; fails with the last value after the timeout. */
export const waitFor = async <T>(
  check: () => Promise<T> | T,
  { timeoutMs = 30_000, intervalMs = 100, what = 'condition' } = {},
): Promise<NonNullable<T>> => {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await check();
    if (last) return last as NonNullable<T>;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};

export const listen = async (ctx: TestContext) => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
};

/** An organization with one location and a live enrolment token for it. */
export const createEnrollment = async (
  ctx: TestContext,
  options: { organization?: Record<string, unknown>; ttlHours?: number } = {},
) => {
  const organization = (
    await ctx.request('POST', '/organizations', createOrganizationInput(options.organization))
  ).json();
  const response = await ctx.request('POST', '/enrollment-tokens', {
    organizationId: organization.id,
    locationId: organization.locations[0]?.id ?? null,
    ttlHours: options.ttlHours ?? 1,
  });
  if (response.statusCode !== 201) throw new Error(`token: ${response.statusCode} ${response.body}`);
  return { organization, token: response.json() as { id: number; token: string; expiresAt: string } };
};

const tempDirs: string[] = [];
export const tempStateDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-agent-test-'));
  tempDirs.push(dir);
  return dir;
};
export const removeTempStateDirs = () => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
};

export type AgentProcess = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<number | null>;
};

/** A real agent process: `node --import tsx apps/agent/src/main.ts ...`. */
export const spawnAgent = (args: {
  serverUrl: string;
  stateDir: string;
  token?: string;
  /** More command-line arguments of the agent, e.g. `--max-concurrent-jobs 1`. */
  extraArgs?: string[];
  env?: Record<string, string>;
}): AgentProcess => {
  const argv = ['--import', 'tsx', agentMain, '--server', args.serverUrl, '--state-dir', args.stateDir];
  if (args.token) argv.push('--token', args.token);
  argv.push(...(args.extraArgs ?? []));
  const child = spawn(process.execPath, argv, {
    cwd: repoRoot,
    env: { ...process.env, RMM_RECONNECT_MIN_MS: '200', RMM_RECONNECT_MAX_MS: '1000', ...args.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
};

export const enrolRaw = async (serverUrl: string, token: string, overrides: Record<string, unknown> = {}) => {
  const response = await fetch(`${serverUrl}/agent/enroll`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      token,
      hostname: 'raw-agent',
      platform: 'linux',
      agentVersion: 'test',
      ...overrides,
    }),
  });
  return {
    status: response.status,
    body: (await response.json()) as AgentEnrollResponse & { error?: { message: string } },
  };
};

/** A hand-driven agent connection: it sends what a test wants, including what a real agent never would. */
export const connectRaw = async (serverUrl: string, authorization: string) => {
  const socket = new WebSocket(`${serverUrl.replace('http', 'ws')}/agent/ws`, { headers: { authorization } });
  const received: ServerMessage[] = [];
  let closeReason = '';
  socket.on('message', (data) => received.push(JSON.parse(data.toString())));
  const closed = new Promise<number>((resolve) =>
    socket.once('close', (code, reason) => {
      closeReason = reason.toString();
      resolve(code);
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });
  const next = <T extends ServerMessage['type']>(type: T) =>
    waitFor(() => received.find((m) => m.type === type) as Extract<ServerMessage, { type: T }> | undefined, {
      what: `a ${type} message`,
    });
  return {
    socket,
    received,
    closed,
    closeReason: () => closeReason,
    next,
    send: (message: unknown) => socket.send(JSON.stringify(message)),
  };
};

export const deviceAuthorization = (identity: { deviceId: number; deviceSecret: string }) =>
  `Device ${identity.deviceId}:${identity.deviceSecret}`;

/** A valid inventory with overrides (the shared test factory, named for this suite). */
export const createInventory = (overrides: Partial<DeviceInventory> = {}): DeviceInventory =>
  createBaseInventory({ hostname: 'raw-agent', fqdn: 'raw-agent.example', ...overrides });

/** Whether a NATS server answers at NATS_URL (or the machines' default); tests that need one skip otherwise. */
export const natsTestUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
export const isNatsReachable = (url = natsTestUrl) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname, port: Number(port) || 4222 }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });
