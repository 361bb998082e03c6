import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanUpMonitoringTests,
  condition,
  fastSettings,
  onClose,
  samplerContext,
  sampleUntil,
  startTestMonitor,
  tempDir,
} from '../test-support.ts';
import { processCheck } from './processes.ts';
import { patchCheck, softwareCheck } from './system.ts';
import { diskCheck, memoryCheck } from './usage.ts';

// Samplers against this machine: a CPU burn, a process started and killed, a volume filled, the memory, the
// installed packages and the pending updates as the machine's own tools report them.

afterEach(cleanUpMonitoringTests);

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Real commands (dpkg, apt-get) get a real minute on a busy machine. */
const slowCommands = () => fastSettings({ commandTimeoutSeconds: 6000 });

describe('CPU', () => {
  it('triggers while a child process burns every core, and a BELOW condition does not', async () => {
    const stateDir = tempDir();
    const run = await startTestMonitor(stateDir, { platform: process.platform, capabilities: ['CPU'] });
    run.connect();
    for (let core = 0; core < Math.max(2, (await import('node:os')).availableParallelism()); core++)
      children.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    const above = condition('CPU', { operator: 'ABOVE', thresholdPercent: 60, durationMinutes: 1 });
    const below = condition('CPU', { operator: 'BELOW', thresholdPercent: 5, durationMinutes: 1 });
    run.monitor.onConditionSet({ conditionSetHash: 'cpu', conditions: [above, below] });
    const report = await run.waitForReport((r) => !r.full);
    expect(report.observations).toEqual([
      expect.objectContaining({ key: above.key, triggered: true, text: expect.stringMatching(/^CPU \d/) }),
    ]);
    expect(report.observations[0]!.value).toBeGreaterThan(60);
    expect(run.monitor.states().get(below.key)?.get('')).toMatchObject({ triggered: false });
  });
});

describe('PROCESS', () => {
  const startNamed = (name: string) => {
    const dir = tempDir();
    const program = path.join(dir, name);
    fs.copyFileSync('/bin/sleep', program);
    fs.chmodSync(program, 0o755);
    const child = spawn(program, ['60'], { stdio: 'ignore' });
    children.push(child);
    return child;
  };

  it.each([
    ['a short name', 'rmm-probe-a1'],
    ['a name longer than the 15 characters of comm', 'rmm-monitor-probe-process'],
  ])('sees %s started and killed', async (_label, name) => {
    const context = samplerContext({ platform: 'linux' });
    const notRunning = processCheck(
      condition('PROCESS', { name, trigger: 'NOT_RUNNING', durationMinutes: 1 }),
      context,
    );
    const running = processCheck(
      condition('PROCESS', { name, trigger: 'RUNNING', durationMinutes: 1 }),
      context,
    );
    expect(await notRunning.sample()).toEqual([
      { instance: name, breached: true, value: 0, text: `${name} is not running` },
    ]);
    const child = startNamed(name);
    await sampleUntil(notRunning, (readings) => readings[0]?.breached === false);
    expect((await running.sample())[0]).toMatchObject({ breached: true, text: `${name} is running` });
    child.kill('SIGKILL');
    await sampleUntil(notRunning, (readings) => readings[0]?.breached === true);
  });
});

describe('DISK', () => {
  it('checks the root volume against thresholds just above and below its free space', async () => {
    const context = samplerContext();
    const stats = fs.statfsSync('/');
    const freePercent = (stats.bavail / stats.blocks) * 100;
    const check = (thresholdPercent: number) =>
      diskCheck(
        condition('DISK', { volume: '/', mode: 'PERCENT_FREE', thresholdPercent, durationMinutes: 1 }),
        context,
      ).sample();
    const [low] = await check(Math.max(1, Math.floor(freePercent) - 2));
    const [high] = await check(Math.min(99, Math.ceil(freePercent) + 2));
    expect(low).toMatchObject({ instance: '/', breached: false });
    expect(high).toMatchObject({ instance: '/', breached: true });
    expect(Math.abs(low!.value! - freePercent)).toBeLessThan(2);
    // '*' is every local volume, each its own instance.
    const all = await diskCheck(
      condition('DISK', { volume: '*', mode: 'BYTES_FREE', thresholdBytes: 2 ** 50, durationMinutes: 1 }),
      context,
    ).sample();
    expect(all.map((reading) => reading.instance)).toContain('/');
    expect(all.every((reading) => reading.breached)).toBe(true);
  });

  it('triggers when a small volume is filled and clears when the file goes (a tmpfs when mounting is permitted)', async () => {
    const mountPoint = tempDir('rmm-monitoring-volume-');
    let isMounted = false;
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint], { stdio: 'ignore' });
      isMounted = true;
      onClose(() => execFileSync('umount', ['-l', mountPoint], { stdio: 'ignore' }));
    } catch {
      // Not root or no mount permission: the volume's sizes are recorded ones.
    }
    const fill = path.join(mountPoint, 'fill.bin');
    const recorded = { size: 8 * 1024 * 1024, available: 8 * 1024 * 1024 };
    const context = samplerContext({
      platform: 'linux',
      sources: isMounted
        ? {}
        : {
            volumes: async () => [],
            statVolume: async (target) =>
              target === mountPoint ? { mount: target, type: 'tmpfs', ...recorded } : undefined,
          },
    });
    const percent = diskCheck(
      condition('DISK', {
        volume: mountPoint,
        mode: 'PERCENT_FREE',
        thresholdPercent: 50,
        durationMinutes: 1,
      }),
      context,
    );
    const bytes = diskCheck(
      condition('DISK', {
        volume: mountPoint,
        mode: 'BYTES_FREE',
        thresholdBytes: 4 * 1024 * 1024,
        durationMinutes: 1,
      }),
      context,
    );
    expect((await percent.sample())[0]).toMatchObject({ instance: mountPoint, breached: false, value: 100 });
    expect((await bytes.sample())[0]).toMatchObject({ breached: false, value: 8 * 1024 * 1024 });

    fs.writeFileSync(fill, Buffer.alloc(6 * 1024 * 1024, 1));
    if (!isMounted) recorded.available = 2 * 1024 * 1024;
    const [filled] = await percent.sample();
    expect(filled).toMatchObject({ breached: true, value: 25 });
    expect(filled!.text).toContain('25% free (2 MiB of 8 MiB)');
    expect((await bytes.sample())[0]).toMatchObject({ breached: true, value: 2 * 1024 * 1024 });

    fs.rmSync(fill);
    if (!isMounted) recorded.available = 8 * 1024 * 1024;
    expect((await percent.sample())[0]).toMatchObject({ breached: false, value: 100 });
  });
});

describe('MEMORY', () => {
  it('reads the memory in use: above 1% is breached, above 100% never', async () => {
    const context = samplerContext();
    const [used] = await memoryCheck(
      condition('MEMORY', { operator: 'ABOVE', thresholdPercent: 1, durationMinutes: 1 }),
      context,
    ).sample();
    expect(used).toMatchObject({ instance: '', breached: true });
    expect(used!.value).toBeGreaterThan(1);
    expect(used!.value).toBeLessThanOrEqual(100);
    const [never] = await memoryCheck(
      condition('MEMORY', { operator: 'ABOVE', thresholdPercent: 100, durationMinutes: 1 }),
      context,
    ).sample();
    expect(never).toMatchObject({ breached: false });
  });
});

describe('SOFTWARE and PATCH from the package manager', () => {
  it('finds an installed package and misses one that is not', async () => {
    const context = samplerContext({ settings: slowCommands() });
    const installed = await softwareCheck(
      condition('SOFTWARE', { name: 'coreutils', trigger: 'INSTALLED' }),
      context,
    ).sample();
    expect(installed[0]).toMatchObject({ breached: true, text: expect.stringContaining('coreutils') });
    const missing = await softwareCheck(
      condition('SOFTWARE', { name: 'rmm-no-such-package-*', trigger: 'NOT_INSTALLED' }),
      context,
    ).sample();
    expect(missing[0]).toMatchObject({ breached: true, value: 0 });
  });

  it('counts the pending updates apt-get would install', async () => {
    const context = samplerContext({ settings: slowCommands() });
    const [reading] = await patchCheck(condition('PATCH', { maxPendingUpdates: 1000 }), context).sample();
    const pending = execFileSync('apt-get', ['-s', '-o', 'Debug::NoLocking=1', 'upgrade'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((line) => line.startsWith('Inst ')).length;
    expect(reading).toMatchObject({ breached: pending > 1000, value: pending });
    expect(reading!.text).toContain('(apt)');
  }, 120_000);
});
