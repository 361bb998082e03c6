import { createCipheriv, createDecipheriv, createHash, hkdfSync } from 'node:crypto';
import {
  type Backend,
  type ChunkerParams,
  type Clock,
  isStrataError,
  Repository,
  StrataError,
} from '@rmm/backup';
import type { AgentBackupJob, BackupRestoreKeyFile } from '@rmm/domain';

/**
 * How the agent opens the organization's repositories (docs/decisions.md, "Backup agent"). The job carries the
 * master key; the engine opens a repository with a key-encryption key, so every repository the agent makes has
 * a key file wrapping the master key under a KEK derived from the master key itself (whoever holds the master
 * key can derive it, nobody else). It also gets the organization's restore key file entry (the master key
 * wrapped under the restore key, as the server sent it), so the downloadable restore key opens it without the
 * server. The chunker's seed is derived from the master key too: every repository of an organization chunks
 * alike, so any two can be copied between (upsync) and deduplicate together.
 */

const KEY_LENGTH = 32;
const MiB = 1024 * 1024;
const SALT = Buffer.from('rmm-agent/strata');
const KW_IV = Buffer.from('a6a6a6a6a6a6a6a6', 'hex');

const derive = (masterKey: Buffer, info: string, length: number) =>
  Buffer.from(hkdfSync('sha256', masterKey, SALT, info, length));

/** The KEK of the agent's key file in every repository it makes. */
export const agentKekOf = (masterKey: Buffer) => derive(masterKey, 'agent-kek', KEY_LENGTH);

/** FastCDC with the sizes (512 KiB, 1 MiB, 8 MiB) and a seed of the organization's own. */
export const chunkerParamsOf = (masterKey: Buffer): ChunkerParams => ({
  algorithm: 'fastcdc',
  minSize: 512 * 1024,
  avgSize: MiB,
  maxSize: 8 * MiB,
  seed: derive(masterKey, 'chunker-seed', 16).toString('hex'),
});

export const masterKeyOf = (keys: AgentBackupJob['keys']): Buffer => {
  const key = Buffer.from(keys.masterKey, 'base64');
  if (key.length !== KEY_LENGTH)
    throw new StrataError('INVALID_ARGUMENT', 'The job’s master key is not 256 bits.');
  return key;
};

/** The organization restore key's entry in a repository's keys (the engine's key-file shape, with `keyId`). */
type RestoreKeyEntry = {
  version: 1;
  kind: 'organization';
  createdAt: string;
  label: string;
  organizationId: string;
  keyId: string;
  algorithm: 'aes-256-kw';
  wrappedKey: string;
};

const readKeyEntries = async (backend: Backend) => {
  const entries: { name: string; value: Partial<RestoreKeyEntry> }[] = [];
  for (const { name } of await backend.list('keys')) {
    try {
      entries.push({ name, value: JSON.parse((await backend.read('keys', name)).toString('utf8')) });
    } catch {
      // a damaged key file opens nothing; the others may
    }
  }
  return entries;
};

/** Writes the restore key's entry unless the repository has one for this key id. */
export const ensureRestoreKeyEntry = async (
  repo: Repository,
  organizationId: number,
  keys: AgentBackupJob['keys'],
): Promise<boolean> => {
  const entries = await readKeyEntries(repo.backend);
  if (entries.some(({ value }) => value.kind === 'organization' && value.keyId === keys.restoreKeyId))
    return false;
  const entry: RestoreKeyEntry = {
    version: 1,
    kind: 'organization',
    createdAt: repo.clock.now().toISOString(),
    label: 'organization restore key',
    organizationId: String(organizationId),
    keyId: keys.restoreKeyId,
    algorithm: 'aes-256-kw',
    wrappedKey: keys.wrappedMasterKey,
  };
  const bytes = Buffer.from(`${JSON.stringify(entry)}\n`);
  await repo.backend.write('keys', createHash('sha256').update(bytes).digest('hex'), bytes);
  return true;
};

export type OpenOptions = { clock: Clock; packSize: number; create: boolean };

/**
 * Opens the repository with the master key; when `create` and the location holds none yet, creates it. Two
 * devices creating the same repository at once: the second finds the first's config and opens it.
 */
export const openRepository = async (
  backend: Backend,
  masterKey: Buffer,
  options: OpenOptions,
): Promise<Repository> => {
  const key = { kek: agentKekOf(masterKey) };
  const open = () => Repository.open(backend, key, { clock: options.clock });
  if (!options.create || (await backend.stat('config', 'config'))) return open();
  try {
    return await Repository.init(backend, key, {
      clock: options.clock,
      from: { masterKey, chunker: chunkerParamsOf(masterKey) },
      packSize: options.packSize,
    });
  } catch (error) {
    if (isStrataError(error, 'REPOSITORY_EXISTS')) return open();
    throw error;
  }
};

// ---------------------------------------------------------------- the restore key file (offline restore)

const unwrap = (kek: Buffer, wrapped: Buffer): Buffer => {
  const decipher = createDecipheriv('id-aes256-wrap', kek, KW_IV);
  return Buffer.concat([decipher.update(wrapped), decipher.final()]);
};

/** AES-256-KW of the master key under the restore key (what the server puts into each job). */
export const wrapMasterKey = (restoreKey: Buffer, masterKey: Buffer): Buffer => {
  const cipher = createCipheriv('id-aes256-wrap', restoreKey, KW_IV);
  return Buffer.concat([cipher.update(masterKey), cipher.final()]);
};

/**
 * The master key of a repository, from the organization's restore key file: the repository's restore key
 * entry of that key id, unwrapped. WRONG_KEY when the file is of another organization or key.
 */
export const masterKeyFromRestoreKey = async (
  backend: Backend,
  file: BackupRestoreKeyFile,
): Promise<Buffer> => {
  const restoreKey = Buffer.from(file.restoreKey, 'base64');
  if (restoreKey.length !== KEY_LENGTH)
    throw new StrataError('INVALID_ARGUMENT', 'The restore key file does not hold a 256-bit key.');
  const entries = (await readKeyEntries(backend)).filter(({ value }) => value.kind === 'organization');
  if (entries.length === 0)
    throw new StrataError(
      'NO_KEY',
      `${backend.location} has no organization restore key: it cannot be opened with one.`,
    );
  const mine = entries.filter(({ value }) => value.keyId === file.keyId);
  for (const { value } of mine.length > 0 ? mine : entries) {
    try {
      return unwrap(restoreKey, Buffer.from(value.wrappedKey ?? '', 'base64'));
    } catch {
      // wrapped under another key: try the next entry
    }
  }
  throw new StrataError(
    'WRONG_KEY',
    `This restore key (organization ${file.organizationName}, key ${file.keyId}) does not open ${backend.location}.`,
  );
};
