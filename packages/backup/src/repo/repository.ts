import { type Backend, CONFIG_NAME } from '../backend/backend.ts';
import { FastCdc } from '../chunker.ts';
import { type Clock, systemClock } from '../clock.ts';
import {
  blobIdOf,
  deriveKeys,
  fileIdOf,
  gearTable,
  newMasterKey,
  type RepositoryKeys,
  seal,
  unseal,
} from '../crypto/keys.ts';
import { zstdDecompress } from '../crypto/zstd.ts';
import { StrataError } from '../errors.ts';
import { mapLimit } from '../limit.ts';
import { parseTree, type Tree } from '../tree.ts';
import { type ChunkerParams, newConfig, parseConfig, type RepositoryConfig } from './config.ts';
import { loadIndex, type MasterIndex } from './index-file.ts';
import { type KeySource, makeKeyFile, unlockMasterKey } from './key-files.ts';
import type { BlobType, Compression } from './pack.ts';
import {
  DELETION_AAD,
  type DeletionMark,
  SNAPSHOT_AAD,
  type Snapshot,
  type SnapshotContent,
} from './snapshot.ts';

export type RepositoryOptions = { clock?: Clock };

export type InitOptions = RepositoryOptions & {
  /** Start from this master key and chunker (a copy destination of an existing repository); random otherwise. */
  from?: { masterKey: Buffer; chunker: ChunkerParams };
  packSize?: number;
  compressionLevel?: number;
  chunker?: ChunkerParams;
};

/**
 * An open repository: its config, its keys, the index once loaded. Every operation (backup, restore, check,
 * forget, prune, copy) takes one of these.
 */
export class Repository {
  private masterIndex: MasterIndex | undefined;
  readonly chunker: FastCdc;

  private constructor(
    readonly backend: Backend,
    readonly config: RepositoryConfig,
    readonly keys: RepositoryKeys,
    private readonly masterKey: Buffer,
    readonly clock: Clock,
  ) {
    this.chunker = new FastCdc(config.chunker, gearTable(keys, Buffer.from(config.chunker.seed, 'hex')));
  }

  /** Creates a repository in an empty location, with one key file for `key`. */
  static async init(backend: Backend, key: KeySource, options: InitOptions = {}): Promise<Repository> {
    if (await backend.stat('config', CONFIG_NAME)) {
      throw new StrataError('REPOSITORY_EXISTS', `${backend.location} already holds a repository`);
    }
    const clock = options.clock ?? systemClock;
    const masterKey = options.from?.masterKey ?? newMasterKey();
    const config = newConfig(clock.now(), {
      chunker: options.from?.chunker ?? options.chunker,
      packSize: options.packSize,
      compressionLevel: options.compressionLevel,
    });
    const keyFile = await makeKeyFile(masterKey, key, clock.now(), 'initial');
    await backend.write('keys', keyFile.name, keyFile.bytes);
    // config last: a location without config is not a repository yet, so a failed init can be retried.
    await backend.write('config', CONFIG_NAME, Buffer.from(`${JSON.stringify(config, null, 2)}\n`));
    return new Repository(backend, config, deriveKeys(masterKey), masterKey, clock);
  }

  /** Opens a repository with any one of its keys; WRONG_KEY when the key opens none of its key files. */
  static async open(backend: Backend, key: KeySource, options: RepositoryOptions = {}): Promise<Repository> {
    const configBytes = await backend.read('config', CONFIG_NAME).catch((error) => {
      throw new StrataError('NOT_A_REPOSITORY', `${backend.location} is not a strata repository`, {
        cause: error,
      });
    });
    const config = parseConfig(configBytes, backend.location);
    const { masterKey } = await unlockMasterKey(backend, key);
    return new Repository(backend, config, deriveKeys(masterKey), masterKey, options.clock ?? systemClock);
  }

  /** Adds a way in (another KEK, the organization's key, a password); returns the key file's name. */
  async addKey(source: KeySource, label?: string): Promise<string> {
    const file = await makeKeyFile(this.masterKey, source, this.clock.now(), label);
    await this.backend.write('keys', file.name, file.bytes);
    return file.name;
  }

  /** Creates a repository elsewhere that shares this one's master key and chunker: the destination of copy. */
  initCopy(backend: Backend, key: KeySource): Promise<Repository> {
    return Repository.init(backend, key, {
      clock: this.clock,
      from: { masterKey: this.masterKey, chunker: this.config.chunker },
      packSize: this.config.packSize,
      compressionLevel: this.config.compression.level,
    });
  }

  /** True when `other` was opened with the same master key (copy needs it: blobs move without re-encryption). */
  sharesKeyWith(other: Repository): boolean {
    return this.keys.idKey.equals(other.keys.idKey) && this.config.chunker.seed === other.config.chunker.seed;
  }

  get index(): MasterIndex {
    if (!this.masterIndex)
      throw new StrataError('INVALID_ARGUMENT', 'The index is not loaded (call loadIndex first).');
    return this.masterIndex;
  }

  async loadIndex(): Promise<MasterIndex> {
    this.masterIndex = await loadIndex(this.backend, this.keys);
    return this.masterIndex;
  }

  /** Sets the index (check loads it tolerating errors). */
  useIndex(index: MasterIndex): void {
    this.masterIndex = index;
  }

  blobId(plaintext: Uint8Array): string {
    return blobIdOf(this.keys, plaintext).toString('hex');
  }

  /** A blob's plaintext; `verify` also checks that its HMAC matches the id. */
  async loadBlob(id: string, verify = false): Promise<Buffer> {
    const entry = this.index.get(id);
    if (!entry) throw new StrataError('NOT_FOUND', `blob ${id} is not in the index`);
    const sealed = await this.backend.read('data', entry.pack, {
      offset: entry.offset,
      length: entry.length,
    });
    return this.openBlob(id, sealed, entry.compression, entry.rawLength, verify);
  }

  async openBlob(
    id: string,
    sealed: Buffer,
    compression: Compression,
    rawLength: number,
    verify: boolean,
  ): Promise<Buffer> {
    const payload = unseal(this.keys.dataKey, sealed, undefined, `blob ${id}`);
    const plain = compression === 'zstd' ? await zstdDecompress(payload) : payload;
    if (plain.length !== rawLength)
      throw new StrataError('CORRUPT', `blob ${id}: ${plain.length} bytes, index says ${rawLength}`);
    if (verify && this.blobId(plain) !== id)
      throw new StrataError('CORRUPT', `blob ${id}: content does not match its id`);
    return plain;
  }

  async loadTree(id: string): Promise<Tree> {
    const bytes = await this.loadBlob(id);
    try {
      return parseTree(bytes);
    } catch (error) {
      throw new StrataError('CORRUPT', `tree ${id} is not a tree`, { cause: error });
    }
  }

  /** Seals a JSON value into a new file named by its SHA-256; returns the name. */
  async saveSealedJson(type: 'snapshots' | 'locks', aad: string, value: unknown): Promise<string> {
    const bytes = seal(this.keys.dataKey, Buffer.from(JSON.stringify(value)), aad);
    const name = fileIdOf(bytes);
    await this.backend.write(type, name, bytes);
    return name;
  }

  async loadSealedJson<T>(type: 'snapshots' | 'locks' | 'deleted', aad: string, name: string): Promise<T> {
    const bytes = await this.backend.read(type, name);
    return JSON.parse(unseal(this.keys.dataKey, bytes, aad, `${type}/${name}`).toString('utf8')) as T;
  }

  async saveSnapshot(content: SnapshotContent): Promise<Snapshot> {
    const id = await this.saveSealedJson('snapshots', SNAPSHOT_AAD, content);
    return { ...content, id };
  }

  async loadSnapshot(id: string): Promise<Snapshot> {
    const content = await this.loadSealedJson<SnapshotContent>('snapshots', SNAPSHOT_AAD, id);
    const mark = (await this.backend.stat('deleted', id)) ? await this.loadDeletionMark(id) : null;
    return { ...content, id, ...(mark ? { deletedAt: mark.deletedAt } : {}) };
  }

  /** Snapshots, oldest first; forgotten ones (held until prune) only with `includeDeleted`. */
  async listSnapshots(options: { includeDeleted?: boolean } = {}): Promise<Snapshot[]> {
    const names = (await this.backend.list('snapshots')).map((f) => f.name);
    const marks = new Map<string, DeletionMark>();
    for (const { name } of await this.backend.list('deleted')) {
      const mark = await this.loadDeletionMark(name).catch(() => null);
      if (mark) marks.set(name, mark);
    }
    const snapshots = await mapLimit(names, 8, async (id) => {
      const content = await this.loadSealedJson<SnapshotContent>('snapshots', SNAPSHOT_AAD, id);
      const mark = marks.get(id);
      return { ...content, id, ...(mark ? { deletedAt: mark.deletedAt } : {}) } as Snapshot;
    });
    return snapshots
      .filter((s) => options.includeDeleted || !s.deletedAt)
      .sort((a, b) => a.time.localeCompare(b.time) || a.id.localeCompare(b.id));
  }

  /** Finds a snapshot by id or unique id prefix (as printed by the command line), or "latest". */
  async findSnapshot(
    idOrPrefix: string,
    filter: { planId?: string; deviceId?: string } = {},
  ): Promise<Snapshot> {
    const all = (await this.listSnapshots({ includeDeleted: true })).filter(
      (s) =>
        (!filter.planId || s.planId === filter.planId) &&
        (!filter.deviceId || s.deviceId === filter.deviceId),
    );
    if (idOrPrefix === 'latest') {
      const live = all.filter((s) => !s.deletedAt);
      const latest = live[live.length - 1];
      if (!latest) throw new StrataError('NOT_FOUND', 'There is no snapshot yet.');
      return latest;
    }
    const matches = all.filter((s) => s.id.startsWith(idOrPrefix));
    if (matches.length !== 1) {
      throw new StrataError(
        'NOT_FOUND',
        matches.length ? `${idOrPrefix} is ambiguous` : `no snapshot ${idOrPrefix}`,
      );
    }
    return matches[0]!;
  }

  async markDeleted(snapshotId: string, reason: string): Promise<DeletionMark> {
    const mark: DeletionMark = { snapshotId, deletedAt: this.clock.now().toISOString(), reason };
    await this.backend.write(
      'deleted',
      snapshotId,
      seal(this.keys.dataKey, Buffer.from(JSON.stringify(mark)), DELETION_AAD),
    );
    return mark;
  }

  /** Takes a forgotten snapshot back while prune has not reclaimed it. */
  async undelete(snapshotId: string): Promise<void> {
    await this.backend.remove('deleted', snapshotId);
  }

  loadDeletionMark(snapshotId: string): Promise<DeletionMark> {
    return this.loadSealedJson<DeletionMark>('deleted', DELETION_AAD, snapshotId);
  }

  close(): Promise<void> {
    return this.backend.close();
  }
}

export type { BlobType };
