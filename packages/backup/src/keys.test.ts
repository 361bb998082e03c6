import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEK, manifestOf, newRepository, removeDir, tempDir, textContent } from '../test/fixtures.ts';
import { backup } from './archive/archiver.ts';
import { LocalBackend } from './backend/local.ts';
import { isStrataError } from './errors.ts';
import { newOrganizationKey, parseOrganizationKey, serializeOrganizationKey } from './repo/key-files.ts';
import { Repository } from './repo/repository.ts';
import { restore } from './restore/restorer.ts';

const wrongKey = (error: unknown) => isStrataError(error, 'WRONG_KEY');

describe('keys', () => {
  let dir: string;
  let repoDir: string;
  const backend = () => new LocalBackend(repoDir, { fsync: false });

  beforeEach(async () => {
    dir = await tempDir();
    repoDir = path.join(dir, 'repo');
  });
  afterEach(() => removeDir(dir));

  it('refuses a wrong KEK, a wrong password and a foreign organization key', async () => {
    const repo = await newRepository(repoDir);
    await repo.addKey({ password: 'correct horse battery staple' });
    await repo.addKey({ organizationKey: newOrganizationKey('org-1') });
    await expect(Repository.open(backend(), { kek: Buffer.alloc(32, 1) })).rejects.toSatisfy(wrongKey);
    await expect(Repository.open(backend(), { password: 'wrong' })).rejects.toSatisfy(wrongKey);
    await expect(
      Repository.open(backend(), { organizationKey: newOrganizationKey('org-1') }),
    ).rejects.toSatisfy(wrongKey);
    await expect(
      Repository.open(backend(), { password: 'correct horse battery staple' }),
    ).resolves.toBeInstanceOf(Repository);
  });

  it('restores without the server with the organization key file a technician downloaded', async () => {
    const source = path.join(dir, 'source');
    await fsp.mkdir(source);
    await fsp.writeFile(path.join(source, 'report.txt'), textContent('report', 20_000));
    const agentRepo = await newRepository(repoDir); // the agent's own KEK
    const orgKey = newOrganizationKey('org-42');
    await agentRepo.addKey({ organizationKey: orgKey }, 'organization restore key');
    const { snapshot } = await backup(agentRepo, { paths: [source], planId: 'p', deviceId: 'd' });

    // the downloaded file, read back from disk: the only thing needed besides the repository folder
    const keyFile = path.join(dir, 'org-42.strata-key');
    await fsp.writeFile(keyFile, serializeOrganizationKey(orgKey));
    const opened = await Repository.open(backend(), {
      organizationKey: parseOrganizationKey(await fsp.readFile(keyFile, 'utf8')),
    });
    const target = path.join(dir, 'restored');
    await restore(opened, { snapshot: snapshot.id, target });
    expect(await manifestOf(path.join(target, 'source'))).toEqual(await manifestOf(source));
  });

  it('keeps the master key only wrapped: no key file holds it in the clear', async () => {
    await newRepository(repoDir);
    const [name] = await fsp.readdir(path.join(repoDir, 'keys'));
    const file = JSON.parse(await fsp.readFile(path.join(repoDir, 'keys', name!), 'utf8'));
    expect(file).toMatchObject({ kind: 'kek', algorithm: 'aes-256-kw' });
    expect(Buffer.from(file.wrappedKey, 'base64')).toHaveLength(40);
    const config = JSON.parse(await fsp.readFile(path.join(repoDir, 'config'), 'utf8'));
    expect(Object.keys(config).sort()).toEqual([
      'chunker',
      'compression',
      'createdAt',
      'id',
      'packSize',
      'version',
    ]);
  });

  it('rejects an organization key file that is not one, and a second init in the same place', async () => {
    expect(() => parseOrganizationKey('{"type":"something else"}')).toThrow(/not a strata organization key/);
    expect(() => parseOrganizationKey('not json')).toThrow(/not JSON/);
    await newRepository(repoDir);
    await expect(Repository.init(backend(), { kek: KEK })).rejects.toSatisfy((e) =>
      isStrataError(e, 'REPOSITORY_EXISTS'),
    );
    await expect(
      Repository.open(new LocalBackend(path.join(dir, 'nothing')), { kek: KEK }),
    ).rejects.toSatisfy((e) => isStrataError(e, 'NOT_A_REPOSITORY'));
  });
});
