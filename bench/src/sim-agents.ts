/**
 * Simulated agents: each one a real WebSocket client that speaks the real agent protocol
 * (packages/domain/src/agent-protocol.ts) the way apps/agent does it: enrolment through
 * POST /agent/enroll with an enrolment token, then `Authorization: Device <id>:<secret>` at the
 * handshake, `hello` + a heartbeat + the inventory after each `welcome`, jittered heartbeats, a
 * ping every 30 s, and reconnects with the agent's own backoff (apps/agent/src/transport/backoff.ts)
 * and its default --reconnect-* settings.
 *
 * Many agents run in several worker processes (`startFleet`, worker: sim-agent-worker.ts), each
 * with its own source addresses (127.0.x.y) so that no address pair runs out of ephemeral ports.
 *
 * Extending it (e.g. jobs for a dispatch-latency bench): every server message goes through
 * `handleServerMessage`; a hooks module (`FleetOptions.hooksModule`, default export a
 * `SimHooksFactory`) can handle further message types (`job`, `jobCancel`, ...), answer with
 * `agent.send(...)`, report figures to the parent (`report`) and answer parent commands
 * (`fleet.command(name, data)` -> `onCommand`).
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AGENT_VERSION,
  type BackoffOptions,
  backoffDelay,
  EnrollmentRefusedError,
  type HeartbeatLoop,
  inventoryKey,
  parseAgentArgs,
  RESTART_WINDOW_MS,
  requestEnrollment,
  restartDelay,
  startHeartbeat,
} from '@rmm/agent';
import {
  AGENT_WS_PATH,
  type AgentMessage,
  agentCloseCodes,
  type DeviceInventory,
  type DeviceMetrics,
  parseRestartSpreadMs,
  ServerMessage,
  type ServerWelcome,
} from '@rmm/domain';
import { createInventory } from '@rmm/domain/testing';
import WebSocket from 'ws';

// ---- identities and enrolment ----

export type SimIdentity = { deviceId: number; deviceSecret: string; hostname: string };

/** The real agent's settings when no argument is given, or with the given agent arguments
 * (e.g. `['--reconnect-min-ms', '500']`): backoff and heartbeat override come from here. */
export const agentDefaults = (agentArgs: string[] = []) => {
  const options = parseAgentArgs(agentArgs, {});
  return {
    backoff: {
      minMs: options.reconnectMinMs,
      maxMs: options.reconnectMaxMs,
      restartSpreadMs: options.restartSpreadMs,
    } satisfies BackoffOptions,
    heartbeatSeconds: options.heartbeatSeconds,
  };
};

/** apps/agent/src/agent.ts: the agent pings every 30 s and drops a connection that missed a pong. */
export const AGENT_KEEPALIVE_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type EnrolOptions = {
  serverUrl: string;
  token: string;
  count: number;
  /** Enrolments in flight at once. */
  concurrency?: number;
  hostnamePrefix?: string;
  /** Numbering of the hostnames starts here (a second run adds agents after the first). */
  firstIndex?: number;
  backoff?: BackoffOptions;
  onProgress?: (done: number) => void;
};

/** Enrols `count` agents through POST /agent/enroll with the agent's own request code; network
 * errors and 429/5xx are retried with the agent's backoff, a refusal is thrown. */
export const enrolAgents = async (options: EnrolOptions): Promise<SimIdentity[]> => {
  const { serverUrl, token, count } = options;
  const backoff = options.backoff ?? agentDefaults().backoff;
  const prefix = options.hostnamePrefix ?? 'sim';
  const first = options.firstIndex ?? 0;
  const identities: SimIdentity[] = new Array(count);
  let next = 0;
  let done = 0;
  const enrolOne = async (index: number) => {
    const hostname = `${prefix}-${String(first + index).padStart(5, '0')}`;
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await requestEnrollment(serverUrl, {
          token,
          hostname,
          platform: 'linux',
          nodeClass: 'LINUX_SERVER',
          agentVersion: AGENT_VERSION,
        });
        identities[index] = { deviceId: answer.deviceId, deviceSecret: answer.deviceSecret, hostname };
        options.onProgress?.(++done);
        return;
      } catch (error) {
        if (error instanceof EnrollmentRefusedError) throw error;
        await sleep(backoffDelay(attempt, backoff));
      }
    }
  };
  const lane = async () => {
    while (next < count) await enrolOne(next++);
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 16, count) }, lane));
  return identities;
};

/** A signed-in administrator for the calls a bench needs around the agents (tokens, jobs, ...). */
export const signIn = async (serverUrl: string, email: string, password: string) => {
  const origin = new URL(serverUrl).origin;
  const login = await fetch(new URL('/auth/login', serverUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`sign-in failed (${login.status}): ${await login.text()}`);
  const session = login.headers.getSetCookie().find((c) => c.startsWith('rmm_session='));
  if (!session) throw new Error('sign-in answered no session cookie');
  const cookie = session.split(';')[0]!;
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const response = await fetch(new URL(url, serverUrl), {
      method,
      headers: { cookie, origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return { call };
};
export type AdminSession = Awaited<ReturnType<typeof signIn>>;

/** An enrolment token for the organization `name` (created with automatic approval when missing). */
export const createEnrolmentToken = async (admin: AdminSession, name: string) => {
  const found = await admin.call<{ data: { id: number; name: string }[] }>(
    'GET',
    `/organizations?search=${encodeURIComponent(name)}&pageSize=100`,
  );
  const organization =
    found.data.find((o) => o.name === name) ??
    (await admin.call<{ id: number }>('POST', '/organizations', { name, nodeApprovalMode: 'AUTOMATIC' }));
  const { token } = await admin.call<{ token: string }>('POST', '/enrollment-tokens', {
    organizationId: organization.id,
    ttlHours: 24,
  });
  return { organizationId: organization.id, token };
};

// ---- one simulated agent ----

/** A server message as received: the known ones validated, others left to the hooks. */
export type SimServerMessage = { type: string; [key: string]: unknown };

/** What a hook sees of an agent. */
export type SimAgent = {
  identity: SimIdentity;
  /** Sends on the open connection; false when there is none (like the real agent's send). */
  send: (message: AgentMessage) => boolean;
  isConnected: () => boolean;
};

export type SimHooks = {
  /** Handlers by message type; one given for a type replaces the built-in handling of that type. */
  onMessage?: Record<string, (agent: SimAgent, message: SimServerMessage) => void>;
  /** After the built-in welcome handling (hello, heartbeat, inventory were sent). */
  onWelcome?: (agent: SimAgent) => void;
  /** Fields the hello carries besides the built-in ones (a monitoring agent's conditionCapabilities...). */
  helloFields?: (agent: SimAgent) => Record<string, unknown>;
  onClose?: (agent: SimAgent, code: number) => void;
  /** A command from the parent (`fleet.command`); the answer goes back to it. */
  onCommand?: (name: string, data: unknown) => unknown;
};

export type SimHooksContext = {
  workerIndex: number;
  /** Sends a figure to the parent process (`FleetOptions.onReport`). */
  report: (kind: string, data: unknown) => void;
};
/** The default export of a hooks module. */
export type SimHooksFactory = (context: SimHooksContext) => SimHooks | Promise<SimHooks>;

export type SimCounters = {
  /** WebSocket handshakes that succeeded. */
  opened: number;
  welcomes: number;
  /** Connections that ended after they had opened. */
  closed: number;
  /** Attempts that failed before the handshake (refused, reset, timeout). */
  connectFailures: number;
  /** Handshakes answered with an HTTP error (401, 503, ...). */
  refusals: number;
  heartbeats: number;
  inventories: number;
  /** Server messages of a type nobody handles, or invalid. */
  ignored: number;
  serverErrors: number;
  goodbyes: number;
  closeCodes: Record<string, number>;
  /** Errors of the sockets by code or message (ECONNREFUSED, handshake timeouts, ...). */
  errors: Record<string, number>;
};

export const emptyCounters = (): SimCounters => ({
  opened: 0,
  welcomes: 0,
  closed: 0,
  connectFailures: 0,
  refusals: 0,
  heartbeats: 0,
  inventories: 0,
  ignored: 0,
  serverErrors: 0,
  goodbyes: 0,
  closeCodes: {},
  errors: {},
});

export type SimAgentOptions = {
  serverUrl: string;
  localAddress?: string;
  backoff: BackoffOptions;
  /** Like --heartbeat-seconds: overrides the interval of the welcome. */
  heartbeatSeconds: number | undefined;
  keepaliveMs: number;
  /** Entries in the inventory's software list. */
  softwareCount: number;
  hooks: SimHooks;
  counters: SimCounters;
};

export const agentSocketUrl = (serverUrl: string) => {
  const url = new URL(AGENT_WS_PATH, serverUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
};

/** A stable pseudo-random number per device, so each one has its own disk and machine. */
const hashOf = (n: number) => {
  let x = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return ((x ^ (x >>> 16)) >>> 0) / 2 ** 32;
};

export const simInventory = (identity: SimIdentity, softwareCount: number): DeviceInventory => {
  const id = identity.deviceId;
  const total = 256e9;
  const free = total * (0.15 + 0.7 * hashOf(id));
  const octet = (shift: number) => (id >>> shift) & 0xff;
  return createInventory({
    hostname: identity.hostname,
    fqdn: `${identity.hostname}.bench.local`,
    system: { manufacturer: 'QEMU', model: 'Standard PC', serial: `SIM${id}`, isVirtual: true },
    volumes: [{ mount: '/', fsType: 'ext4', label: '/dev/vda1', totalBytes: total, freeBytes: free }],
    networkInterfaces: [
      {
        name: 'eth0',
        mac: `52:54:00:${[16, 8, 0].map((s) => octet(s).toString(16).padStart(2, '0')).join(':')}`,
        ipv4: [`10.${octet(16)}.${octet(8)}.${octet(0)}`],
        ipv6: [],
        isVirtual: false,
        isInternal: false,
        isDefault: true,
      },
    ],
    loggedOnUsers: [`user${id % 500}`],
    software: Array.from({ length: softwareCount }, (_, i) => ({
      name: `package-${i}`,
      version: `1.${i % 10}.${id % 7}`,
      publisher: 'Bench',
      installDate: null,
    })),
  });
};

const simMetrics = (identity: SimIdentity): DeviceMetrics => ({
  cpuPercent: Math.round(5 + Math.random() * 50),
  memoryPercent: Math.round(30 + Math.random() * 40),
  diskPercent: Math.round(15 + 70 * hashOf(identity.deviceId)),
});

/** The built-in handling of the messages a real agent understands (apps/agent/src/session.ts). */
const builtIn = (
  agent: SimAgent,
  message: ServerMessage,
  state: {
    options: SimAgentOptions;
    onWelcome: (welcome: ServerWelcome) => void;
    sendInventory: (serverKey?: string | null) => void;
  },
) => {
  const { counters } = state.options;
  switch (message.type) {
    case 'welcome':
      return state.onWelcome(message);
    case 'inventoryRequest':
      return state.sendInventory();
    case 'wakeOnLan':
      // Simulated: no magic packets leave, the answer says they did.
      agent.send({
        v: 1,
        type: 'wakeOnLanResult',
        deviceId: agent.identity.deviceId,
        requestId: message.requestId ?? '',
        ok: true,
      });
      return;
    case 'error':
      counters.serverErrors++;
      return;
    case 'goodbye':
      counters.goodbyes++;
      return;
    case 'approval':
      return;
    default:
      counters.ignored++;
  }
};

/**
 * The one place where server messages are handled: a hook for the type wins, else the built-in
 * handling of the real agent; unknown or invalid messages are ignored (counted), like the agent does.
 */
export const handleServerMessage = (
  agent: SimAgent,
  data: WebSocket.RawData,
  state: Parameters<typeof builtIn>[2],
) => {
  const { hooks, counters } = state.options;
  let json: SimServerMessage;
  try {
    json = JSON.parse(data.toString()) as SimServerMessage;
  } catch {
    counters.ignored++;
    return;
  }
  const hook = typeof json?.type === 'string' ? hooks.onMessage?.[json.type] : undefined;
  if (hook) return hook(agent, json);
  const parsed = ServerMessage.safeParse(json);
  if (!parsed.success) {
    counters.ignored++;
    return;
  }
  builtIn(agent, parsed.data, state);
};

export type SimAgentHandle = SimAgent & {
  stop: () => Promise<void>;
  /** Date.now() of the last welcome, 0 before the first. */
  lastWelcomeAt: () => number;
};

/** One agent that connects, says what a real agent says, and reconnects forever until stopped. */
export const startSimAgent = (identity: SimIdentity, options: SimAgentOptions): SimAgentHandle => {
  const { counters, hooks } = options;
  const url = agentSocketUrl(options.serverUrl);
  const headers = { authorization: `Device ${identity.deviceId}:${identity.deviceSecret}` };
  let socket: WebSocket | undefined;
  let isWelcomed = false;
  let welcomeAt = 0;
  let attempt = 0;
  /** As the real agent (transport/connection.ts): after a 1012 close, even delays within the restart spread. */
  let restartUntil = 0;
  let restartSpreadMs: number | undefined;
  let isStopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: HeartbeatLoop | undefined;

  const send = (message: AgentMessage) => {
    if (socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  };
  const agent: SimAgent = { identity, send, isConnected: () => isWelcomed };
  const deviceId = identity.deviceId;

  const sendHeartbeat = async () => {
    const metrics = simMetrics(identity);
    if (send({ v: 1, type: 'heartbeat', deviceId, sentAt: new Date().toISOString(), metrics }))
      counters.heartbeats++;
  };
  /** As the real agent (session.ts): the inventory goes out with its key, and after a welcome only
   * when the server does not hold that key already. The content is the same on every call. */
  let inventoryKeyOfSim: string | undefined;
  const sendInventory = (serverKey?: string | null) => {
    const inventory = simInventory(identity, options.softwareCount);
    inventoryKeyOfSim ??= inventoryKey(inventory);
    if (serverKey !== undefined && serverKey === inventoryKeyOfSim) return;
    if (send({ v: 1, type: 'inventory', deviceId, inventory, inventoryKey: inventoryKeyOfSim }))
      counters.inventories++;
  };
  const onWelcome = (welcome: ServerWelcome) => {
    counters.welcomes++;
    isWelcomed = true;
    welcomeAt = Date.now();
    send({
      v: 1,
      type: 'hello',
      deviceId,
      agentVersion: AGENT_VERSION,
      platform: 'linux',
      ...hooks.helloFields?.(agent),
    } as AgentMessage);
    heartbeat?.stop();
    void sendHeartbeat();
    heartbeat = startHeartbeat(options.heartbeatSeconds ?? welcome.heartbeatIntervalSeconds, sendHeartbeat);
    sendInventory(welcome.inventoryKey ?? null);
    hooks.onWelcome?.(agent);
  };
  const state = { options, onWelcome, sendInventory };

  const connect = () => {
    let isOpen = false;
    const ws = new WebSocket(url, {
      headers,
      handshakeTimeout: 15_000,
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    });
    socket = ws;
    let isAlive = true;
    let keepalive: NodeJS.Timeout | undefined;
    ws.on('open', () => {
      isOpen = true;
      attempt = 0;
      restartUntil = 0;
      counters.opened++;
      keepalive = setInterval(() => {
        if (!isAlive) return ws.terminate();
        isAlive = false;
        ws.ping();
      }, options.keepaliveMs);
    });
    ws.on('pong', () => {
      isAlive = true;
    });
    ws.on('unexpected-response', (_request, response) => {
      counters.refusals++;
      response.resume();
      ws.terminate();
    });
    ws.on('message', (data) => handleServerMessage(agent, data, state));
    ws.on('error', (error: NodeJS.ErrnoException) => {
      const key = error.code ?? error.message.slice(0, 60);
      counters.errors[key] = (counters.errors[key] ?? 0) + 1;
    });
    ws.on('close', (code, reason) => {
      clearInterval(keepalive);
      heartbeat?.stop();
      heartbeat = undefined;
      isWelcomed = false;
      if (isOpen) {
        counters.closed++;
        counters.closeCodes[code] = (counters.closeCodes[code] ?? 0) + 1;
        hooks.onClose?.(agent, code);
      } else counters.connectFailures++;
      if (isStopped) return;
      if (code === agentCloseCodes.RESTARTING) {
        restartUntil = Date.now() + RESTART_WINDOW_MS;
        restartSpreadMs = parseRestartSpreadMs(reason.toString());
      }
      const delay =
        Date.now() < restartUntil
          ? restartDelay(options.backoff, Math.random, restartSpreadMs)
          : backoffDelay(attempt++, options.backoff);
      retryTimer = setTimeout(connect, delay);
    });
  };

  connect();
  return {
    ...agent,
    lastWelcomeAt: () => welcomeAt,
    stop: async () => {
      isStopped = true;
      clearTimeout(retryTimer);
      heartbeat?.stop();
      const ws = socket;
      if (!ws || ws.readyState === WebSocket.CLOSED) return;
      const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
      ws.close(1000, 'agent stopping');
      await Promise.race([closed, sleep(2000)]);
      ws.terminate();
    },
  };
};

// ---- many agents in worker processes ----

export type FleetOptions = {
  serverUrl: string;
  identities: SimIdentity[];
  /** Worker processes (each holds identities/workers sockets; the file limit is per process). */
  workers?: number;
  /** Agents per source address: agent i connects from 127.0.1.(1 + floor(i / agentsPerAddress)). */
  agentsPerAddress?: number;
  /** Agent arguments for the defaults (`--reconnect-min-ms`, `--reconnect-max-ms`, `--heartbeat-seconds`). */
  agentArgs?: string[];
  softwareCount?: number;
  /** The first connections are spread over this long (a whole fleet at once is the restart case). */
  rampMs?: number;
  /** How often each worker reports its counters. */
  statusIntervalMs?: number;
  /** A module whose default export is a SimHooksFactory; loaded in every worker. */
  hooksModule?: string;
  onReport?: (workerIndex: number, kind: string, data: unknown) => void;
};

/** Sent to a worker once, after it started. */
export type WorkerInit = {
  workerIndex: number;
  serverUrl: string;
  agents: { identity: SimIdentity; localAddress: string }[];
  backoff: BackoffOptions;
  heartbeatSeconds: number | undefined;
  keepaliveMs: number;
  softwareCount: number;
  rampMs: number;
  statusIntervalMs: number;
  hooksModule: string | undefined;
};

export type WorkerStatus = { connected: number; agents: number; counters: SimCounters; at: number };

export type ParentToWorker =
  | { kind: 'init'; init: WorkerInit }
  | { kind: 'command'; id: number; name: string; data: unknown };
export type WorkerToParent =
  | { kind: 'status'; status: WorkerStatus }
  | { kind: 'reply'; id: number; result: unknown; error?: string }
  | { kind: 'report'; type: string; data: unknown };

/** Built-in command: every agent's last welcome time (Date.now(), 0 = never). */
export type SnapshotResult = { welcomeTimes: number[] };

export type FleetStatus = WorkerStatus & { workers: number };

const addTallies = (a: Record<string, number>, b: Record<string, number>) => {
  const sum = { ...a };
  for (const [key, n] of Object.entries(b)) sum[key] = (sum[key] ?? 0) + n;
  return sum;
};

/** a + b, or with `sign` -1 a - b (the change between two readings). */
export const addCounters = (a: SimCounters, b: SimCounters, sign: 1 | -1 = 1): SimCounters => {
  const signed = (tally: Record<string, number>) =>
    Object.fromEntries(Object.entries(tally).map(([key, n]) => [key, sign * n]));
  const sum = {
    ...a,
    closeCodes: addTallies(a.closeCodes, signed(b.closeCodes)),
    errors: addTallies(a.errors, signed(b.errors)),
  };
  for (const key of Object.keys(a) as (keyof SimCounters)[]) {
    if (key !== 'closeCodes' && key !== 'errors') sum[key] = a[key] + sign * b[key];
  }
  return sum;
};

export const sourceAddress = (index: number, agentsPerAddress: number) =>
  `127.0.1.${1 + Math.floor(index / agentsPerAddress)}`;

const workerFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sim-agent-worker.ts');

export type Fleet = {
  pids: () => number[];
  status: () => FleetStatus;
  /** Resolves with the status once `predicate` holds (checked on every worker report). */
  waitFor: (predicate: (status: FleetStatus) => boolean, timeoutMs: number) => Promise<FleetStatus>;
  /** Sends a command to every worker; answers in worker order. */
  command: <T = unknown>(name: string, data?: unknown) => Promise<T[]>;
  snapshot: () => Promise<SnapshotResult>;
  stop: () => Promise<void>;
};

/** Starts the agents in worker processes; resolves once every worker has started its agents. */
export const startFleet = async (options: FleetOptions): Promise<Fleet> => {
  const workerCount = Math.max(1, Math.min(options.workers ?? 4, options.identities.length));
  const perAddress = options.agentsPerAddress ?? 5000;
  const defaults = agentDefaults(options.agentArgs);
  const statuses: (WorkerStatus | undefined)[] = new Array(workerCount).fill(undefined);
  const waiters = new Set<() => void>();
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let isStopping = false;
  const children: ChildProcess[] = [];

  const status = (): FleetStatus => {
    let total: WorkerStatus = { connected: 0, agents: 0, counters: emptyCounters(), at: 0 };
    for (const s of statuses) {
      if (!s) continue;
      total = {
        connected: total.connected + s.connected,
        agents: total.agents + s.agents,
        counters: addCounters(total.counters, s.counters),
        at: Math.max(total.at, s.at),
      };
    }
    return { ...total, workers: workerCount };
  };

  const started = Array.from({ length: workerCount }, (_, w) => {
    const agents = options.identities
      .map((identity, i) => ({ identity, localAddress: sourceAddress(i, perAddress), i }))
      .filter(({ i }) => i % workerCount === w)
      .map(({ identity, localAddress }) => ({ identity, localAddress }));
    const child = fork(workerFile, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    return new Promise<void>((resolve, reject) => {
      child.on('message', (raw) => {
        const message = raw as WorkerToParent;
        if (message.kind === 'status') {
          statuses[w] = message.status;
          if (message.status.agents === agents.length) resolve();
          for (const wake of waiters) wake();
        } else if (message.kind === 'reply') {
          const waiter = pending.get(message.id);
          if (!waiter) return;
          if (message.error) waiter.reject(new Error(message.error));
          else waiter.resolve(message.result);
        } else options.onReport?.(w, message.type, message.data);
      });
      child.on('exit', (code, signal) => {
        if (!isStopping) {
          const error = new Error(`agent worker ${w} exited (${code ?? signal})`);
          reject(error);
          process.stderr.write(`${error.message}\n`);
        }
      });
      const init: WorkerInit = {
        workerIndex: w,
        serverUrl: options.serverUrl,
        agents,
        backoff: defaults.backoff,
        heartbeatSeconds: defaults.heartbeatSeconds,
        keepaliveMs: AGENT_KEEPALIVE_MS,
        softwareCount: options.softwareCount ?? 100,
        rampMs: options.rampMs ?? 0,
        statusIntervalMs: options.statusIntervalMs ?? 250,
        hooksModule: options.hooksModule,
      };
      child.send({ kind: 'init', init } satisfies ParentToWorker);
    });
  });
  await Promise.all(started);

  const commandOne = (child: ChildProcess, name: string, data: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, {
        resolve: (v) => {
          pending.delete(id);
          resolve(v);
        },
        reject: (e) => {
          pending.delete(id);
          reject(e);
        },
      });
      child.send({ kind: 'command', id, name, data } satisfies ParentToWorker);
    });
  const command = <T>(name: string, data?: unknown) =>
    Promise.all(children.map((child) => commandOne(child, name, data))) as Promise<T[]>;

  return {
    pids: () => children.map((c) => c.pid!),
    status,
    waitFor: (predicate, timeoutMs) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const current = status();
          if (!predicate(current)) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(current);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out after ${timeoutMs} ms: ${JSON.stringify(status())}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      }),
    command,
    snapshot: async () => {
      const parts = await command<SnapshotResult>('snapshot');
      return { welcomeTimes: parts.flatMap((p) => p.welcomeTimes) };
    },
    stop: async () => {
      isStopping = true;
      await command('stop').catch(() => {});
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
};
