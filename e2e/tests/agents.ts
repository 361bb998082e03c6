import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import {
  AGENT_ENROLL_PATH,
  AGENT_WS_PATH,
  AgentEnrollResponse,
  type AgentMessage,
  DEVICE_AUTH_SCHEME,
  type DeviceInventory,
} from '@rmm/domain';
import WebSocket from 'ws';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** An organization with two locations, created through the API as the signed-in browser. */
export const createOrganization = async (request: APIRequestContext, baseURL: string, name: string) => {
  const response = await request.post('/organizations', {
    headers: { origin: baseURL },
    data: { name, locations: [{ name: 'Head office' }, { name: 'Warehouse' }] },
  });
  if (!response.ok()) throw new Error(`organization: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: number; name: string; locations: { id: number; name: string }[] };
};

export const createEnrollmentToken = async (
  request: APIRequestContext,
  baseURL: string,
  body: { organizationId: number; locationId: number | null },
) => {
  const response = await request.post('/enrollment-tokens', {
    headers: { origin: baseURL },
    data: { ...body, ttlHours: 1 },
  });
  if (!response.ok()) throw new Error(`token: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
};

export type AgentProcess = { child: ChildProcess; output: () => string; stop: () => Promise<void> };

/** A real agent process, `node --import tsx apps/agent/src/main.ts ...`, with its own state folder. */
export const startAgent = (
  server: string,
  token: string,
  options: { env?: Record<string, string> } = {},
): AgentProcess => {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-e2e-agent-'));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/agent/src/main.ts',
      '--server',
      server,
      '--token',
      token,
      '--state-dir',
      stateDir,
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, RMM_RECONNECT_MIN_MS: '200', RMM_RECONNECT_MAX_MS: '1000', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit');
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(stateDir, { recursive: true, force: true });
    },
  };
};

/** A valid inventory with overrides, as a hand-driven agent reports it. */
export const createInventory = (overrides: Partial<DeviceInventory> = {}): DeviceInventory => ({
  collectedAt: new Date().toISOString(),
  hostname: 'hand-driven',
  fqdn: 'hand-driven.example',
  os: { platform: 'linux', name: 'Debian GNU/Linux', version: '12', build: '', kernel: '6.1.0', arch: 'x64' },
  system: { manufacturer: 'QEMU', model: 'Standard PC', serial: 'S1', isVirtual: true },
  cpu: { manufacturer: 'AMD', brand: 'EPYC', cores: 2, physicalCores: 2, speedGhz: 2.5 },
  memory: { totalBytes: 8 * 1024 ** 3 },
  disks: [],
  volumes: [{ mount: '/', fsType: 'ext4', label: '/dev/vda1', totalBytes: 100e9, freeBytes: 40e9 }],
  networkInterfaces: [],
  loggedOnUsers: [],
  lastBootTime: null,
  pendingReboot: false,
  software: [],
  nodeClass: 'LINUX_WORKSTATION',
  ...overrides,
});

/**
 * An agent driven by the test over the agent protocol: it enrols with any hostname (the real agent
 * reports the machine's own), says hello, sends heartbeats every second and one inventory.
 */
export const connectHandDrivenAgent = async (server: string, token: string, inventory: DeviceInventory) => {
  const enrolled = await fetch(`${server}${AGENT_ENROLL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, hostname: inventory.hostname, platform: 'linux', agentVersion: 'e2e' }),
  });
  if (!enrolled.ok) throw new Error(`enrol: ${enrolled.status} ${await enrolled.text()}`);
  const { deviceId, deviceSecret } = AgentEnrollResponse.parse(await enrolled.json());
  const socket = new WebSocket(`${server.replace(/^http/, 'ws')}${AGENT_WS_PATH}`, {
    headers: { authorization: `${DEVICE_AUTH_SCHEME} ${deviceId}:${deviceSecret}` },
  });
  await once(socket, 'open');
  const send = (message: AgentMessage) => socket.send(JSON.stringify(message));
  const heartbeat = () =>
    send({
      v: 1,
      type: 'heartbeat',
      deviceId,
      sentAt: new Date().toISOString(),
      metrics: { cpuPercent: 5, memoryPercent: 30, diskPercent: 60 },
    });
  send({ v: 1, type: 'hello', deviceId, agentVersion: 'e2e', platform: 'linux' });
  heartbeat();
  send({ v: 1, type: 'inventory', deviceId, inventory });
  const timer = setInterval(heartbeat, 1000);
  return {
    deviceId,
    close: () => {
      clearInterval(timer);
      socket.close();
    },
  };
};
