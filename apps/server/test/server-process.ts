import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { waitFor } from './agents.ts';
import { ADMIN, ORIGIN } from './helpers.ts';
import { withDatabase } from './postgres-global-setup.ts';

/**
 * Real server processes (`node --import tsx apps/server/src/main.ts`) for the tests that kill or
 * restart a server: the database outlives the process, as it does on a user's machine.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverMain = path.join(repoRoot, 'apps/server/src/main.ts');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** Where the server keeps its data: a PGlite folder, or a fresh PostgreSQL database cloned from the template. */
export type ServerStore = { env: Record<string, string>; dataDir: string; drop: () => Promise<void> };

export const createServerStore = async (): Promise<ServerStore> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-server-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (process.env.TEST_DB !== 'postgres') {
    // Empty DATABASE_URL: PGlite in dataDir, never the database the test run itself was given.
    return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, dataDir, drop: async () => removeDir() };
  }
  const url = process.env.DATABASE_URL!;
  const name = `${inject('pgTemplate')}_p${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: withDatabase(url, name) },
    dataDir,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      removeDir();
    },
  };
};

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** SIGKILL: no shutdown code runs, as in a crash or a power cut. */
  crash: () => Promise<number | null>;
  stop: () => Promise<number | null>;
};

/** Starts a server on the store and waits until it answers /healthz. */
export const startServer = async (
  store: ServerStore,
  options: { port?: number; env?: Record<string, string> } = {},
): Promise<ServerProcess> => {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', serverMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...store.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The bus is in-process unless a test asks for NATS (options.env), so tests running side by side never share subjects.
      NATS_URL: '',
      DEMO: '0',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: ORIGIN,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_DIST: '/nonexistent',
      LOGIN_RATE_PER_MINUTE: '1000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  await waitFor(
    async () => {
      if (hasExited) throw new Error(`the server exited while starting:\n${output}`);
      return fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
    },
    { timeoutMs: 60_000, what: 'the server to answer /healthz' },
  );
  return {
    url,
    child,
    output: () => output,
    exited,
    crash: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
};

/** A signed-in API client of a server process (cookie and Origin, as the console sends them). */
export const signIn = async (url: string) => {
  const login = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.getSetCookie().find((c) => c.startsWith('rmm_session=')) ?? '').split(';')[0];
  return async (method: string, route: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: {
        cookie: cookie ?? '',
        origin: ORIGIN,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
};
export type ApiClient = Awaited<ReturnType<typeof signIn>>;
