import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newRepository, openRepository, removeDir, tempDir, textContent } from '../../test/fixtures.ts';
import { backup } from '../archive/archiver.ts';
import { check } from '../check.ts';
import { isStrataError } from '../errors.ts';
import { fileTypes } from './backend.ts';
import { fileOfPath, filePath } from './layout.ts';
import { LocalBackend } from './local.ts';

const id = 'ab12cd34'.repeat(8);

/** Every file under `root`, as "/"-separated paths. */
const treeOf = async (root: string) =>
  (await fsp.readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();

describe('the repository layout', () => {
  it('puts each file at one path, packs in sub-folders by their first two characters', () => {
    expect(filePath('config', 'config')).toBe('config');
    expect(filePath('data', id)).toBe(`data/ab/${id}`);
    for (const type of ['keys', 'index', 'snapshots', 'deleted', 'locks'] as const)
      expect(filePath(type, id)).toBe(`${type}/${id}`);
    for (const type of fileTypes) {
      const name = type === 'config' ? 'config' : id;
      expect(fileOfPath(filePath(type, name))).toEqual({ type, name });
    }
  });

  it('refuses names that are not a file of the layout, and reads no stray path as one', () => {
    for (const [type, name] of [
      ['config', 'other'],
      ['data', '../escape'],
      ['index', '.tmp-123'],
      ['locks', 'a/b'],
      ['keys', ''],
    ] as const) {
      const error = (() => {
        try {
          return filePath(type, name);
        } catch (failure) {
          return failure;
        }
      })();
      expect(isStrataError(error, 'INVALID_ARGUMENT'), `${type}/${name}`).toBe(true);
    }
    for (const stray of [
      'config/config', // the server store's flat name of old, not the layout
      `data/${id}`,
      `data/cd/${id}`,
      `data/ab/.tmp-1`,
      `index/ab/${id}`,
      'packs/x',
      '',
    ])
      expect(fileOfPath(stray), stray).toBeNull();
  });

  describe('in a folder', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await tempDir();
    });
    afterEach(() => removeDir(dir));

    it("keeps a repository's files exactly at their layout paths, and a copy of the folder opens", async () => {
      const source = path.join(dir, 'source');
      await fsp.mkdir(source);
      await fsp.writeFile(path.join(source, 'a.txt'), textContent('layout', 300_000));
      const repoDir = path.join(dir, 'repo');
      const repo = await newRepository(repoDir);
      const { snapshot } = await backup(repo, { paths: [source], planId: 'p', deviceId: 'd' });
      await repo.close();

      const tree = await treeOf(repoDir);
      expect(tree).toContain('config');
      expect(tree).toContain(`snapshots/${snapshot.id}`);
      expect(tree.filter((file) => file.startsWith('data/')).length).toBeGreaterThan(0);
      // every file is a file of the layout, at the one path the layout gives it
      for (const file of tree) {
        const found = fileOfPath(file);
        expect(found, file).not.toBeNull();
        expect(filePath(found!.type, found!.name)).toBe(file);
      }

      // copied as files, the repository is the same tree and opens
      const copyDir = path.join(dir, 'copy');
      await fsp.cp(repoDir, copyDir, { recursive: true });
      expect(await treeOf(copyDir)).toEqual(tree);
      const copy = await openRepository(copyDir);
      expect((await copy.listSnapshots()).map((s) => s.id)).toEqual([snapshot.id]);
      expect((await check(copy, { readData: true })).ok).toBe(true);
      await copy.close();
    });

    it('lists only files where the layout puts them', async () => {
      const backend = new LocalBackend(dir, { fsync: false });
      await backend.write('data', id, Buffer.from('pack'));
      await fsp.writeFile(path.join(dir, 'data', 'ab', '.tmp-left-behind'), 'x');
      await fsp.mkdir(path.join(dir, 'data', 'cd'));
      await fsp.writeFile(path.join(dir, 'data', 'cd', id), 'misplaced');
      await fsp.writeFile(path.join(dir, 'data', id), 'flat');
      expect(await backend.list('data')).toEqual([{ name: id, size: 4 }]);
      expect(await treeOf(dir)).toContain(`data/ab/${id}`);
      await backend.close();
    });
  });
});
