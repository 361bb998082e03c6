import { randomBytes, randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type AgentBackupTreeSource, AgentMessage, type ServerBackupTreeRequest } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBackupRunner, stopBackupRunners } from '../../test/backup-runner.ts';
import {
  backupTempDir,
  createBackupRunJob,
  createOrganizationKeys,
  createResolvedJob,
  createSourceTree,
  localRepository,
  removeBackupTempDirs,
} from '../../test/backup-support.ts';
import { createLogger } from '../log.ts';
import { createSession } from '../session.ts';
import { defaultBackupSettings } from './settings.ts';
import type { ShareHost } from './share.ts';
import { backupTexts } from './texts.ts';
import { createTreeLister, listRevisionFolder } from './tree.ts';

// The console's file browser over a revision only in a local folder: the agent lists one page of one folder of
// a real repository it made with the engine (a backup job of this agent), opened with the master key the server
// adds to the request.

const noShares: ShareHost = { mounts: async () => [], connect: async () => {} };
const host = { platform: process.platform, shareHost: noShares, settings: defaultBackupSettings() };

let dir: string;
let source: string;
let repositoryFolder: string;
let revisionId: string;
let treeSource: AgentBackupTreeSource;

beforeAll(async () => {
  dir = await backupTempDir();
  source = path.join(dir, 'source');
  await createSourceTree(source, { bigBytes: 64 * 1024 });
  for (let i = 0; i < 30; i++)
    await fsp.writeFile(path.join(source, 'docs', `page-${String(i).padStart(2, '0')}.txt`), `page ${i}\n`);
  repositoryFolder = path.join(dir, 'repository');
  const keys = await createOrganizationKeys(4);
  const resolved = createResolvedJob(keys, {
    include: [source],
    repository: localRepository(repositoryFolder),
  });
  const agent = createBackupRunner();
  const { result, report } = await agent.run(createBackupRunJob(resolved));
  expect(result.result, result.resultContent.errorMessage ?? '').toBe('SUCCESS');
  revisionId = report!.revision!.revisionId;
  treeSource = { organizationId: 4, repository: resolved.repository, masterKey: keys.jobKeys.masterKey };
  await stopBackupRunners();
}, 60_000);

afterAll(() => removeBackupTempDirs());

const request = (overrides: Partial<ServerBackupTreeRequest> = {}): ServerBackupTreeRequest => ({
  v: 1,
  type: 'backupTreeRequest',
  requestId: randomUUID(),
  planId: randomUUID(),
  revisionId,
  path: source,
  offset: 0,
  limit: 1000,
  source: treeSource,
  ...overrides,
});

describe('listing a folder of a local revision', () => {
  it('answers the folder’s entries as the server’s tree does: folders first, sizes and times', async () => {
    const asked = request();
    const answer = await listRevisionFolder(asked, host);
    expect(answer.error).toBeUndefined();
    expect(answer.requestId).toBe(asked.requestId);
    expect(answer.entries!.map(({ name, type, size }) => [name, type, size])).toEqual([
      ['docs', 'dir', 0],
      ['big.bin', 'file', 64 * 1024],
      ['link-to-report', 'symlink', 0],
      ['script.sh', 'file', 18],
    ]);
    expect(answer.total).toBe(4);
    const scriptTime = (await fsp.stat(path.join(source, 'script.sh'))).mtime.getTime();
    const script = answer.entries!.find((entry) => entry.name === 'script.sh')!;
    expect(Math.abs(Date.parse(script.mtime!) - scriptTime)).toBeLessThan(1000);
    // what the agent sends is a valid message of the protocol
    expect(AgentMessage.safeParse({ v: 1, type: 'backupTreeResult', deviceId: 9, ...answer }).success).toBe(
      true,
    );
  });

  it('lists the top of the revision and folders below, with odd names as text', async () => {
    const top = await listRevisionFolder(request({ path: '' }), host);
    expect(top.entries!.map((entry) => entry.name)).toEqual([source.split('/')[1]]);
    const docs = await listRevisionFolder(request({ path: `${source}/docs` }), host);
    const names = docs.entries!.map((entry) => entry.name);
    expect(names.slice(0, 1)).toEqual(['deep']);
    expect(names).toContain('Ünïcødé ✓ name.txt');
    expect(names).toContain('with space and\nnewline');
    expect(docs.total).toBe(35);
  });

  it('answers a page of a large folder, with the folder’s total', async () => {
    const first = await listRevisionFolder(request({ path: `${source}/docs`, limit: 10 }), host);
    const second = await listRevisionFolder(request({ path: `${source}/docs`, offset: 10, limit: 10 }), host);
    const last = await listRevisionFolder(request({ path: `${source}/docs`, offset: 30, limit: 10 }), host);
    expect([first.total, second.total, last.total]).toEqual([35, 35, 35]);
    expect(first.entries).toHaveLength(10);
    expect(first.entries!.slice(0, 3).map((entry) => entry.name)).toEqual(['deep', 'empty', 'page-00.txt']);
    expect(second.entries!.map((entry) => entry.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `page-${String(i + 8).padStart(2, '0')}.txt`),
    );
    expect(last.entries).toHaveLength(5);
  });

  it('says which folder or revision is not there, with the code the server maps', async () => {
    const missing = await listRevisionFolder(request({ path: `${source}/nothing` }), host);
    expect(missing).toMatchObject({
      code: 'PATH_NOT_FOUND',
      error: backupTexts.treeFolderMissing(`${source}/nothing`),
    });
    expect(missing.entries).toBeUndefined();
    const file = await listRevisionFolder(request({ path: `${source}/script.sh` }), host);
    expect(file.code).toBe('PATH_NOT_FOUND');
    const gone = await listRevisionFolder(request({ revisionId: 'f'.repeat(64) }), host);
    expect(gone).toMatchObject({
      code: 'REVISION_NOT_FOUND',
      error: backupTexts.treeRevisionMissing('f'.repeat(64), repositoryFolder),
    });
  });

  it('says why the repository does not open: another key, no repository, nothing from the server', async () => {
    const otherKey = { ...treeSource, masterKey: randomBytes(32).toString('base64') };
    expect((await listRevisionFolder(request({ source: otherKey }), host)).error).toBe(
      backupTexts.wrongKey(repositoryFolder),
    );
    const empty = path.join(dir, 'empty');
    const nowhere = { ...treeSource, repository: localRepository(empty) };
    expect((await listRevisionFolder(request({ source: nowhere }), host)).error).toBe(
      backupTexts.notARepository(empty),
    );
    const { source: _, ...withoutSource } = request();
    expect((await listRevisionFolder(withoutSource, host)).error).toBe(backupTexts.noTreeSource);
    const cloud = {
      ...treeSource,
      repository: { repositoryId: randomUUID(), type: 'CLOUD' as const, url: '/backup/strata/repository' },
    };
    expect((await listRevisionFolder(request({ source: cloud }), host)).error).toBe(backupTexts.treeNotLocal);
    const relative = { ...treeSource, repository: localRepository('backups') };
    expect((await listRevisionFolder(request({ source: relative }), host)).error).toBe(
      backupTexts.relativeRepositoryPath('backups'),
    );
  });

  it('is answered on the connection as backupTreeResult, naming the request and the device', async () => {
    const sent: AgentMessage[] = [];
    const session = createSession({
      identity: {
        serverUrl: 'http://s',
        deviceId: 9,
        deviceSecret: 'x',
        organizationId: 4,
        enrolledAt: 'then',
      },
      heartbeatSeconds: undefined,
      platform: 'linux',
      collectInventory: async () => {
        throw new Error('not asked');
      },
      collectMetrics: async () => ({ cpuPercent: 0, memoryPercent: 0, diskPercent: 0 }),
      wakeOnLan: async () => {},
      backupTree: createTreeLister(host),
      log: createLogger(() => {}),
    });
    session.attach({ send: (message) => sent.push(message) > 0, stop: async () => {} });
    const asked = [request(), request({ path: `${source}/nothing` }), request({ path: `${source}/docs` })];
    for (const message of asked) session.onMessage(message);
    await vi.waitFor(() => expect(sent).toHaveLength(3), { timeout: 20_000 });
    for (const message of sent) expect(AgentMessage.parse(message)).toEqual(message);
    const byRequest = new Map(sent.map((m) => [m.type === 'backupTreeResult' ? m.requestId : '', m]));
    expect(byRequest.get(asked[0]!.requestId)).toMatchObject({
      type: 'backupTreeResult',
      deviceId: 9,
      total: 4,
    });
    expect(byRequest.get(asked[1]!.requestId)).toMatchObject({ code: 'PATH_NOT_FOUND' });
    expect(byRequest.get(asked[2]!.requestId)).toMatchObject({ total: 35 });
    session.stop();
  });
});
