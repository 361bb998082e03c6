import { spawn } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { endLeftoverTree, isGroupAlive, killTree } from './process-tree.ts';

describe.skipIf(process.platform === 'win32')('a process tree', () => {
  it('is alive while a member runs and gone once killed, zombies left to a non-reaping init included', async () => {
    const child = spawn('sh', ['-c', 'sleep 1000 & sleep 1000'], { detached: true, stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const pid = child.pid!;
    await vi.waitFor(() => expect(isGroupAlive(pid)).toBe(true));

    await killTree(pid, 5000);
    await exited;
    await vi.waitFor(() => expect(isGroupAlive(pid)).toBe(false), { timeout: 5000, interval: 20 });
  });

  it.skipIf(process.platform !== 'linux')(
    'left behind by a dead agent, is ended only when its command line names the job',
    async () => {
      const jobUid = '0b7e4c2a-1d3f-4e5a-9b6c-7d8e9f0a1b2c';
      const child = spawn('sh', ['-c', 'sleep 1000 & wait', `/state/jobs/scripts/${jobUid}.sh`], {
        detached: true,
        stdio: 'ignore',
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const pid = child.pid!;
      await vi.waitFor(() => expect(isGroupAlive(pid)).toBe(true));

      expect(await endLeftoverTree(pid, '11111111-2222-4333-8444-555555555555', 200)).toBe(false);
      expect(isGroupAlive(pid)).toBe(true);
      expect(await endLeftoverTree(pid, jobUid, 200)).toBe(true);
      await exited;
      await vi.waitFor(() => expect(isGroupAlive(pid)).toBe(false), { timeout: 5000, interval: 20 });
    },
  );

  it.skipIf(process.platform !== 'linux')(
    'left behind before the journal held its pid, is found by the job in its command line',
    async () => {
      const jobUid = '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
      const child = spawn('sh', ['-c', 'sleep 1000 & wait', `/state/jobs/scripts/${jobUid}.sh`], {
        detached: true,
        stdio: 'ignore',
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const pid = child.pid!;
      await vi.waitFor(() => expect(isGroupAlive(pid)).toBe(true));

      expect(await endLeftoverTree(undefined, '11111111-2222-4333-8444-555555555555', 200)).toBe(false);
      expect(isGroupAlive(pid)).toBe(true);
      expect(await endLeftoverTree(undefined, jobUid, 200)).toBe(true);
      await exited;
      await vi.waitFor(() => expect(isGroupAlive(pid)).toBe(false), { timeout: 5000, interval: 20 });
    },
  );
});
