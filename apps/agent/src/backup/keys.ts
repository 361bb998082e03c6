import { hkdfSync } from 'node:crypto';
import {
  type Backend,
  type ChunkerParams,
  type Clock,
  isStrataError,
  type OrganizationKey,
  Repository,
  StrataError,
} from '@rmm/backup';
import { fileIdOf } from '@rmm/backup/crypto/keys';
import type { KeyFile } from '@rmm/backup/repo/key-files';
import type { AgentBackupJob } from '@rmm/domain';

/**
 * How the agent opens the organization's repositories (docs/decisions.md, "Backup agent"). The job carries the
 * organization's master key, its chunker and its organization key file (the master key wrapped under the
 * restore key, made by the server). A repository the agent makes starts from that master key and chunker, so
 * every repository of an organization deduplicates alike and an upsync copies between them. The engine opens a
 * repository with a key-encryption key: the agent's own way in is a KEK derived from the master key (whoever
 * holds the master key can derive it, nobody else); the organization key file is written beside it, so the
 * downloadable restore key opens the repository without the server (and the server opens its cloud copy).
 */

const KEY_LENGTH = 32;
const SALT = Buffer.from('rmm-agent/strata');

/** The KEK of the agent's key file in every repository it makes. */
export const agentKekOf = (masterKey: Buffer) =>
  Buffer.from(hkdfSync('sha256', masterKey, SALT, 'agent-kek', KEY_LENGTH));

export const masterKeyOf = (keys: Pick<AgentBackupJob['keys'], 'masterKey'>): Buffer => {
  const key = Buffer.from(keys.masterKey, 'base64');
  if (key.length !== KEY_LENGTH)
    throw new StrataError('INVALID_ARGUMENT', 'The job’s master key is not 256 bits.');
  return key;
};

const isPowerOfTwo = (n: number) => Number.isInteger(n) && n > 0 && (n & (n - 1)) === 0;

/** The organization's chunker as the engine takes it; refused when the engine could not open what it makes. */
export const chunkerOf = (keys: AgentBackupJob['keys']): ChunkerParams => {
  const { algorithm, minSize, avgSize, maxSize, seed } = keys.chunker;
  if (
    !(isPowerOfTwo(avgSize) && minSize > 64 && minSize < avgSize && avgSize < maxSize && maxSize < 2 ** 31) ||
    !/^(?:[0-9a-f]{2})+$/.test(seed)
  )
    throw new StrataError('INVALID_ARGUMENT', 'The job’s chunker parameters are invalid.');
  return { algorithm, minSize, avgSize, maxSize, seed };
};

/**
 * The job's organization key file, checked: its name is the SHA-256 of its bytes (as the engine names key
 * files), it is an `organization` key file of the fingerprint the job names, and it holds a wrapped key.
 */
export const organizationKeyFileOf = (keys: AgentBackupJob['keys']) => {
  const { name, content, fingerprint } = keys.organizationKeyFile;
  const bytes = Buffer.from(content, 'base64');
  let file: Partial<KeyFile>;
  try {
    file = JSON.parse(bytes.toString('utf8')) as Partial<KeyFile>;
  } catch {
    file = {};
  }
  if (
    fileIdOf(bytes) !== name ||
    file.kind !== 'organization' ||
    file.fingerprint !== fingerprint ||
    file.algorithm !== 'aes-256-kw' ||
    typeof file.wrappedKey !== 'string'
  )
    throw new StrataError('INVALID_ARGUMENT', 'The job’s organization key file is not a valid key file.');
  return { name, bytes, fingerprint };
};

/**
 * Writes the organization key file into the repository unless it has a key file of that fingerprint already
 * (the same file, or one the same restore key wrapped at another time). True when it wrote it.
 */
export const ensureOrganizationKeyFile = async (
  repo: Repository,
  keys: AgentBackupJob['keys'],
): Promise<boolean> => {
  const wanted = organizationKeyFileOf(keys);
  const names = (await repo.backend.list('keys')).map((file) => file.name);
  if (names.includes(wanted.name)) return false;
  for (const name of names) {
    try {
      const file = JSON.parse((await repo.backend.read('keys', name)).toString('utf8')) as Partial<KeyFile>;
      if (file.fingerprint === wanted.fingerprint) return false;
    } catch (error) {
      if (!isStrataError(error) && !(error instanceof SyntaxError)) throw error;
      // a damaged or vanished key file opens nothing; the others may
    }
  }
  await repo.backend.write('keys', wanted.name, wanted.bytes);
  return true;
};

export type OpenOptions = { clock: Clock; packSize: number; create: boolean };

/**
 * Opens the repository with the organization's master key; when `create` and the location holds none yet,
 * creates it from the master key and the organization's chunker. Two devices creating the same repository at
 * once: the second finds the first's config and opens it.
 */
export const openRepository = async (
  backend: Backend,
  keys: AgentBackupJob['keys'],
  options: OpenOptions,
): Promise<Repository> => {
  const masterKey = masterKeyOf(keys);
  const key = { kek: agentKekOf(masterKey) };
  const open = () => Repository.open(backend, key, { clock: options.clock });
  if (!options.create || (await backend.stat('config', 'config'))) return open();
  try {
    return await Repository.init(backend, key, {
      clock: options.clock,
      from: { masterKey, chunker: chunkerOf(keys) },
      packSize: options.packSize,
    });
  } catch (error) {
    if (isStrataError(error, 'REPOSITORY_EXISTS')) return open();
    throw error;
  }
};

/**
 * Opens a repository with the organization's restore key (the downloaded file, the engine's `OrganizationKey`):
 * the engine finds the key file of its fingerprint and unwraps the master key. WRONG_KEY when the key is of
 * another organization, NO_KEY when the repository has no key files at all.
 */
export const openWithOrganizationKey = (
  backend: Backend,
  organizationKey: OrganizationKey,
  clock: Clock,
): Promise<Repository> => Repository.open(backend, { organizationKey }, { clock });
