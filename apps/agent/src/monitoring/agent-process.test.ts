import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AgentConditionReport } from '@rmm/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AgentProcess, spawnAgent, startAgentServer, writeIdentity } from '../../test/agent-server.ts';
import { HeldOutbox } from './store.ts';
import { condition, tempDir } from './test-support.ts';

// A real agent process (node --import tsx apps/agent/src/main.ts) against test/agent-server.ts, the agent
// socket of the contract: the server's condition engine is built beside this, so the test pushes the condition
// set itself and checks what the agent says, keeps and sends again.

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const startNamedProcess = (name: string): ChildProcess => {
  const program = path.join(tempDir('rmm-monitoring-process-'), name);
  fs.copyFileSync('/bin/sleep', program);
  fs.chmodSync(program, 0o755);
  const child = spawn(program, ['120'], { stdio: 'ignore' });
  cleanups.push(() => child.kill('SIGKILL'));
  return child;
};

describe('the agent process', () => {
  it('announces what it can sample, samples the set it is sent, and holds a report until the server stored it, across a restart', async () => {
    const server = await startAgentServer({ storesReports: false });
    cleanups.push(() => server.close());
    const stateDir = path.join(tempDir('rmm-monitoring-agent-'), 'state');
    writeIdentity(stateDir, server);
    // One parameter second is 20 ms: a one-minute condition triggers after 1.2 s.
    const launch = (): AgentProcess => {
      const agent = spawnAgent(['--state-dir', stateDir, '--monitoring-second-ms', '20']);
      cleanups.push(() => agent.stop());
      return agent;
    };
    const reports = () => server.ofType('conditionReport');
    const waitForReport = (match: (report: AgentConditionReport) => boolean) =>
      vi.waitFor(
        () => {
          const found = reports().find(match);
          expect(found).toBeDefined();
          return found!;
        },
        { timeout: 30_000, interval: 50 },
      );

    const first = launch();
    await server.helloCount(1);
    const [hello] = server.ofType('hello');
    expect(hello).toMatchObject({ conditionSetHash: null });
    expect(hello!.conditionCapabilities).toEqual(
      expect.arrayContaining([
        'CPU',
        'MEMORY',
        'DISK',
        'PROCESS',
        'SOFTWARE',
        'HTTP',
        'PORTS',
        'SYSLOG',
        'REBOOT',
      ]),
    );
    // What this machine lacks is not announced (no systemd as init here; no battery).
    if (!fs.existsSync('/run/systemd/system')) expect(hello!.conditionCapabilities).not.toContain('SERVICE');
    expect(hello!.conditionCapabilities).not.toContain('DEVICE_DOWN');

    const name = `rmm-e2e-${process.pid % 10_000}`;
    const processCondition = condition('PROCESS', { name, trigger: 'NOT_RUNNING', durationMinutes: 1 });
    const listener = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => listener.close());
    const portCondition = condition('PORTS', {
      host: '127.0.0.1',
      port: (listener.address() as net.AddressInfo).port,
      trigger: 'CLOSED',
      durationMinutes: 1,
    });
    server.send({
      v: 1,
      type: 'conditionSet',
      conditionSetHash: 'e2e-set-1',
      conditions: [processCondition, portCondition],
    });

    const full = await waitForReport((r) => r.full && r.conditionSetHash === 'e2e-set-1');
    // Nothing has lasted a condition's minute yet: all clear. (A condition not sampled before the full report's
    // wait ran out is left out, which the server reads as clear too: on a busy machine that can be the port's.)
    expect(full.observations.length).toBeGreaterThan(0);
    for (const observation of full.observations) {
      expect([processCondition.key, portCondition.key]).toContain(observation.key);
      expect(observation.triggered).toBe(false);
    }
    // The process is not running for the condition's minute: it triggers.
    const crossing = await waitForReport((r) => !r.full);
    expect(crossing.observations).toEqual([
      expect.objectContaining({
        key: processCondition.key,
        instance: name,
        triggered: true,
        text: `${name} is not running`,
      }),
    ]);

    // The server does not confirm it; the agent stops and starts again.
    await first.stop();
    const heldOnDisk = HeldOutbox.parse(
      JSON.parse(fs.readFileSync(path.join(stateDir, 'monitoring', 'outbox.json'), 'utf8')),
    );
    expect(heldOnDisk.inFlight.map((r) => r.reportId)).toEqual([crossing.reportId]);
    server.setStoresReports(true);
    launch();
    await server.helloCount(2);
    expect(server.ofType('hello')[1]).toMatchObject({ conditionSetHash: 'e2e-set-1' });
    await vi.waitFor(
      () => expect(reports().filter((r) => r.reportId === crossing.reportId)).toHaveLength(2),
      { timeout: 30_000, interval: 50 },
    );
    // Stored now: it leaves the agent's disk.
    await vi.waitFor(
      () => {
        const outbox = HeldOutbox.parse(
          JSON.parse(fs.readFileSync(path.join(stateDir, 'monitoring', 'outbox.json'), 'utf8')),
        );
        expect(outbox.inFlight).toEqual([]);
      },
      { timeout: 10_000, interval: 50 },
    );

    // The process starts: the condition clears; the port's listener closes: that one triggers.
    startNamedProcess(name);
    const cleared = await waitForReport((r) =>
      r.observations.some((o) => o.key === processCondition.key && !o.triggered && !r.full),
    );
    expect(cleared.conditionSetHash).toBe('e2e-set-1');
    listener.close();
    const closed = await waitForReport(
      (r) => !r.full && r.observations.some((o) => o.key === portCondition.key),
    );
    expect(closed.observations.find((o) => o.key === portCondition.key)).toMatchObject({
      triggered: true,
      text: expect.stringContaining('ECONNREFUSED'),
    });
  }, 120_000);
});
