import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  newRepository,
  openRepository,
  randomContent,
  removeDir,
  tempDir,
  textContent,
} from '../test/fixtures.ts';
import { backup } from './archive/archiver.ts';
import { check } from './check.ts';

describe('check', () => {
  let dir: string;
  let repoDir: string;

  beforeEach(async () => {
    dir = await tempDir();
    repoDir = path.join(dir, 'repo');
    const source = path.join(dir, 'source');
    await fsp.mkdir(path.join(source, 'docs'), { recursive: true });
    for (let i = 0; i < 12; i++)
      await fsp.writeFile(path.join(source, `data-${i}.bin`), randomContent(1024 * 1024 + i));
    await fsp.writeFile(path.join(source, 'docs/readme.txt'), textContent('readme', 50_000));
    // small packs, so that the repository has several
    const repo = await newRepository(repoDir, { packSize: 4 * 1024 * 1024 });
    await backup(repo, { paths: [source], planId: 'p', deviceId: 'd' });
  });
  afterEach(() => removeDir(dir));

  const packFiles = async () =>
    (await fsp.readdir(path.join(repoDir, 'data'), { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));

  it('finds a healthy repository healthy, and counts what it checked', async () => {
    const repo = await openRepository(repoDir);
    const structural = await check(repo);
    expect(structural.errors).toEqual([]);
    expect(structural).toMatchObject({ ok: true, snapshots: 1, files: 13, unreferencedPacks: [] });
    expect(structural.packs).toBeGreaterThanOrEqual(3);
    const readData = await check(repo, { readData: true });
    expect(readData.errors).toEqual([]);
    expect(readData.bytes).toBeGreaterThan(12 * 1024 * 1024);
    expect(readData.blobs).toBe(structural.blobs);
  });

  it('reports a corrupted pack with read-data', async () => {
    const sizes = await Promise.all(
      (await packFiles()).map(async (file) => ({ file, size: (await fsp.stat(file)).size })),
    );
    const pack = sizes.sort((a, b) => b.size - a.size)[0]?.file; // a data pack: byte 1000 is inside its first blob
    const bytes = await fsp.readFile(pack!);
    bytes[1000] = bytes[1000]! ^ 0xff;
    await fsp.writeFile(pack!, bytes);

    const repo = await openRepository(repoDir);
    expect((await check(repo)).ok).toBe(true); // the header still agrees: only reading the data shows it
    const result = await check(repo, { readData: true });
    expect(result.ok).toBe(false);
    const sorted = (errors: typeof result.errors) =>
      errors.map((e) => `${e.kind} ${e.file} ${e.message}`).sort();
    expect(sorted((await check(repo, { readData: true, workers: 0 })).errors)).toEqual(sorted(result.errors));
    const packId = path.basename(pack!);
    expect(result.errors).toContainEqual(
      expect.objectContaining({
        kind: 'blob',
        message: expect.stringMatching(/pack content does not match its name/),
      }),
    );
    expect(result.errors).toContainEqual(
      expect.objectContaining({
        kind: 'blob',
        file: expect.stringContaining(`${packId}/`),
        message: expect.stringMatching(/authentication failed/),
      }),
    );
  });

  it('reports a truncated index file, and the blobs it listed as missing', async () => {
    const [indexFile] = (await fsp.readdir(path.join(repoDir, 'index'))).map((n) =>
      path.join(repoDir, 'index', n),
    );
    const bytes = await fsp.readFile(indexFile!);
    await fsp.writeFile(indexFile!, bytes.subarray(0, Math.floor(bytes.length / 2)));

    const repo = await openRepository(repoDir);
    const result = await check(repo);
    expect(result.ok).toBe(false);
    expect(result.errors).toContainEqual({
      kind: 'index',
      file: path.basename(indexFile!),
      message: expect.stringMatching(/authentication failed/),
    });
    expect(result.errors.some((e) => e.kind === 'tree' || e.kind === 'blob')).toBe(true);
    expect(result.unreferencedPacks.length).toBeGreaterThan(0);
  });

  it('reports a missing pack and a pack whose header disagrees', async () => {
    const [first, second] = await packFiles();
    await fsp.rm(first!);
    await fsp.writeFile(second!, (await fsp.readFile(second!)).subarray(0, 100)); // no header left
    const result = await check(await openRepository(repoDir));
    expect(result.errors).toContainEqual(
      expect.objectContaining({
        kind: 'pack',
        file: path.basename(first!),
        message: expect.stringMatching(/missing/),
      }),
    );
    expect(result.errors).toContainEqual(
      expect.objectContaining({ kind: 'pack', file: path.basename(second!) }),
    );
  });
});
