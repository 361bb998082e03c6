import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newRepository, randomContent, removeDir, tempDir, textContent } from '../test/fixtures.ts';
import { backup } from './archive/archiver.ts';
import type { Repository } from './repo/repository.ts';
import { extract } from './restore/extract.ts';
import { restore } from './restore/restorer.ts';

/** Reads a zip from its central directory: name → { data, mode }. */
const readZip = (zip: Buffer) => {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, { data: Buffer; mode: number }>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const mode = zip.readUInt32LE(at + 38) >>> 16;
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    entries.set(name, { data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw), mode });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
};

describe('restore choices and extract', () => {
  let dir: string;
  let source: string;
  let repo: Repository;
  let snapshot: string;

  beforeEach(async () => {
    dir = await tempDir();
    source = path.join(dir, 'home');
    await fsp.mkdir(path.join(source, 'docs/old'), { recursive: true });
    await fsp.writeFile(path.join(source, 'docs/report.pdf'), randomContent(300_000));
    await fsp.writeFile(path.join(source, 'docs/notes.txt'), textContent('notes v1', 5000));
    await fsp.writeFile(path.join(source, 'docs/old/archive.txt'), textContent('archive', 2000));
    await fsp.writeFile(path.join(source, 'todo.txt'), 'buy milk\n');
    await fsp.chmod(path.join(source, 'todo.txt'), 0o640);
    await fsp.symlink('docs/notes.txt', path.join(source, 'notes-link'));
    repo = await newRepository(path.join(dir, 'repo'));
    snapshot = (await backup(repo, { paths: [source], planId: 'p', deviceId: 'd' })).snapshot.id;
  });
  afterEach(() => removeDir(dir));

  const read = (relative: string) => fsp.readFile(path.join(source, relative), 'utf8');

  it('restores in place: overwrite brings back the snapshot version and deleted files', async () => {
    await fsp.writeFile(path.join(source, 'docs/notes.txt'), 'edited since');
    await fsp.rm(path.join(source, 'docs/old'), { recursive: true });
    const result = await restore(repo, {
      snapshot,
      paths: [path.join(source, 'docs')],
      collision: 'overwrite',
    });
    expect(result.errors).toEqual([]);
    expect(await read('docs/notes.txt')).toContain('notes v1');
    expect(await read('docs/old/archive.txt')).toContain('archive');
    expect(result.filesRestored).toBe(3);
  });

  it('skip leaves existing files; without deleted files only files still there are restored', async () => {
    await fsp.writeFile(path.join(source, 'docs/notes.txt'), 'edited since');
    await fsp.rm(path.join(source, 'docs/report.pdf'));
    const skipped = await restore(repo, { snapshot, paths: [path.join(source, 'docs')], collision: 'skip' });
    expect(await read('docs/notes.txt')).toBe('edited since');
    expect((await fsp.stat(path.join(source, 'docs/report.pdf'))).size).toBe(300_000); // deleted since: back
    expect(skipped).toMatchObject({ filesRestored: 1, filesSkipped: 2 });

    await fsp.rm(path.join(source, 'docs/report.pdf'));
    const rollback = await restore(repo, {
      snapshot,
      paths: [path.join(source, 'docs')],
      restoreDeletedFiles: false,
    });
    expect(await read('docs/notes.txt')).toContain('notes v1');
    await expect(fsp.stat(path.join(source, 'docs/report.pdf'))).rejects.toThrow(/ENOENT/);
    expect(rollback).toMatchObject({ filesRestored: 2, filesSkipped: 1 });
  });

  it('keep both restores beside the existing file as "name (restored 1).ext", then (restored 2)', async () => {
    await fsp.writeFile(path.join(source, 'todo.txt'), 'changed');
    const first = await restore(repo, {
      snapshot,
      paths: [path.join(source, 'todo.txt')],
      collision: 'keepBoth',
    });
    expect(first.renamed).toEqual([
      { path: path.join(source, 'todo.txt'), restoredAs: path.join(source, 'todo (restored 1).txt') },
    ]);
    await restore(repo, { snapshot, paths: [path.join(source, 'todo.txt')], collision: 'keepBoth' });
    expect(await read('todo.txt')).toBe('changed');
    expect(await read('todo (restored 1).txt')).toBe('buy milk\n');
    expect(await read('todo (restored 2).txt')).toBe('buy milk\n');
  });

  it('restores chosen files and folders elsewhere, with or without permissions', async () => {
    const target = path.join(dir, 'elsewhere');
    await restore(repo, {
      snapshot,
      target,
      paths: [path.join(source, 'todo.txt'), path.join(source, 'docs/old')],
    });
    expect((await fsp.readdir(target)).sort()).toEqual(['old', 'todo.txt']);
    expect((await fsp.stat(path.join(target, 'todo.txt'))).mode & 0o777).toBe(0o640);

    const plain = path.join(dir, 'plain');
    await restore(repo, {
      snapshot,
      target: plain,
      paths: [path.join(source, 'todo.txt')],
      restorePermissions: false,
    });
    expect((await fsp.stat(path.join(plain, 'todo.txt'))).mode & 0o777).toBe(0o644); // 0666 less the umask 022
  });

  it('refuses a path that is not in the snapshot', async () => {
    await expect(
      restore(repo, { snapshot, paths: [path.join(source, 'missing.txt')], target: dir }),
    ).rejects.toThrow(/is not in snapshot/);
  });

  it('extracts chosen files and folders as a zip', async () => {
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    const result = await extract(repo, {
      snapshot,
      folders: [path.join(source, 'docs')],
      files: [path.join(source, 'todo.txt'), path.join(source, 'notes-link')],
      output,
    });
    expect(result).toMatchObject({ files: 4, dirs: 2, links: 1 });
    const entries = readZip(Buffer.concat(chunks));
    expect([...entries.keys()].sort()).toEqual([
      'docs/',
      'docs/notes.txt',
      'docs/old/',
      'docs/old/archive.txt',
      'docs/report.pdf',
      'notes-link',
      'todo.txt',
    ]);
    expect(
      entries.get('docs/report.pdf')!.data.equals(await fsp.readFile(path.join(source, 'docs/report.pdf'))),
    ).toBe(true);
    expect(entries.get('docs/notes.txt')!.data.toString()).toBe(await read('docs/notes.txt'));
    expect(entries.get('todo.txt')!.mode).toBe(0o100640);
    expect(entries.get('notes-link')).toEqual({ data: Buffer.from('docs/notes.txt'), mode: 0o120777 });
  });
});
