// One worker process of a simulated-agent fleet (started by startFleet in sim-agents.ts, never by hand).
import { pathToFileURL } from 'node:url';
import {
  emptyCounters,
  type ParentToWorker,
  type SimAgentHandle,
  type SimHooks,
  type SimHooksFactory,
  type SnapshotResult,
  startSimAgent,
  type WorkerInit,
  type WorkerToParent,
} from './sim-agents.ts';

const post = (message: WorkerToParent) => {
  if (process.connected) process.send?.(message);
};

const counters = emptyCounters();
const agents: SimAgentHandle[] = [];
let hooks: SimHooks = {};
let statusTimer: NodeJS.Timeout | undefined;

const reportStatus = () => {
  let connected = 0;
  for (const agent of agents) if (agent.isConnected()) connected++;
  post({ kind: 'status', status: { connected, agents: agents.length, counters, at: Date.now() } });
};

const start = async (value: WorkerInit) => {
  if (value.hooksModule) {
    const module = (await import(pathToFileURL(value.hooksModule).href)) as { default: SimHooksFactory };
    hooks = await module.default({
      workerIndex: value.workerIndex,
      report: (type, data) => post({ kind: 'report', type, data }),
    });
  }
  statusTimer = setInterval(reportStatus, value.statusIntervalMs);
  const step = value.agents.length > 1 ? value.rampMs / value.agents.length : 0;
  for (const [i, { identity, localAddress }] of value.agents.entries()) {
    agents.push(
      startSimAgent(identity, {
        serverUrl: value.serverUrl,
        localAddress,
        backoff: value.backoff,
        heartbeatSeconds: value.heartbeatSeconds,
        keepaliveMs: value.keepaliveMs,
        softwareCount: value.softwareCount,
        hooks,
        counters,
      }),
    );
    // Spread the first connections over the ramp; yield now and then so the sockets get going.
    if (step > 0) await new Promise((resolve) => setTimeout(resolve, step));
    else if (i % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
  }
  reportStatus();
};

const commands: Record<string, (data: unknown) => unknown> = {
  snapshot: (): SnapshotResult => ({ welcomeTimes: agents.map((a) => a.lastWelcomeAt()) }),
  stop: async () => {
    clearInterval(statusTimer);
    await Promise.all(agents.map((a) => a.stop()));
    return { stopped: agents.length };
  },
};

process.on('message', (raw) => {
  const message = raw as ParentToWorker;
  if (message.kind === 'init') {
    void start(message.init).catch((error: Error) => {
      process.stderr.write(`agent worker ${message.init.workerIndex}: ${error.stack ?? error.message}\n`);
      process.exit(1);
    });
    return;
  }
  const { id, name, data } = message;
  const handler = commands[name] ?? ((value: unknown) => hooks.onCommand?.(name, value));
  Promise.resolve()
    .then(() => handler(data))
    .then(
      (result) => post({ kind: 'reply', id, result }),
      (error: Error) => post({ kind: 'reply', id, result: undefined, error: error.message }),
    );
});

// The parent is gone: nothing is left to report to.
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
