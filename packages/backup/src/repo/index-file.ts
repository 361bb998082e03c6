import type { Backend } from '../backend/backend.ts';
import { fileIdOf, type RepositoryKeys, seal, unseal } from '../crypto/keys.ts';
import { StrataError } from '../errors.ts';
import { mapLimit } from '../limit.ts';
import { decodeEntry, ENTRY_SIZE, encodeEntry, type PackEntry } from './pack.ts';

const INDEX_MAGIC = Buffer.from('STI1');
const INDEX_AAD = 'strata/v1/index';

/** Where a blob is: its pack and its place in it. */
export type IndexEntry = Omit<PackEntry, 'id'> & { pack: string };

export type IndexFileContent = {
  /** Index files this one replaces (written by prune); a reader ignores those if both are still present. */
  supersedes: string[];
  packs: { id: string; entries: PackEntry[] }[];
};

/** index/<sha256>: which blobs each pack holds, sealed. Written after its packs, never rewritten (prune writes new ones). */
export const encodeIndexFile = (
  keys: RepositoryKeys,
  content: IndexFileContent,
): { name: string; bytes: Buffer } => {
  const entryCount = content.packs.reduce((sum, p) => sum + p.entries.length, 0);
  const plain = Buffer.alloc(
    4 + 4 + content.supersedes.length * 32 + 4 + content.packs.length * 36 + entryCount * ENTRY_SIZE,
  );
  let at = INDEX_MAGIC.copy(plain, 0);
  at = plain.writeUInt32LE(content.supersedes.length, at);
  for (const id of content.supersedes) at += plain.write(id, at, 32, 'hex');
  at = plain.writeUInt32LE(content.packs.length, at);
  for (const pack of content.packs) {
    at += plain.write(pack.id, at, 32, 'hex');
    at = plain.writeUInt32LE(pack.entries.length, at);
    for (const entry of pack.entries) {
      encodeEntry(entry, plain, at);
      at += ENTRY_SIZE;
    }
  }
  const bytes = seal(keys.dataKey, plain, INDEX_AAD);
  return { name: fileIdOf(bytes), bytes };
};

export const decodeIndexFile = (keys: RepositoryKeys, bytes: Buffer, name: string): IndexFileContent => {
  const plain = unseal(keys.dataKey, bytes, INDEX_AAD, `index ${name}`);
  const fail = () => new StrataError('CORRUPT', `index ${name}: malformed`);
  if (plain.length < 12 || !plain.subarray(0, 4).equals(INDEX_MAGIC)) throw fail();
  let at = 4;
  const need = (n: number) => {
    if (at + n > plain.length) throw fail();
  };
  const supersedes: string[] = [];
  const supersededCount = plain.readUInt32LE(at);
  at += 4;
  need(supersededCount * 32);
  for (let i = 0; i < supersededCount; i++, at += 32) supersedes.push(plain.toString('hex', at, at + 32));
  need(4);
  const packCount = plain.readUInt32LE(at);
  at += 4;
  const packs: IndexFileContent['packs'] = [];
  for (let p = 0; p < packCount; p++) {
    need(36);
    const id = plain.toString('hex', at, at + 32);
    const count = plain.readUInt32LE(at + 32);
    at += 36;
    need(count * ENTRY_SIZE);
    const entries: PackEntry[] = [];
    for (let i = 0; i < count; i++, at += ENTRY_SIZE) entries.push(decodeEntry(plain, at));
    packs.push({ id, entries });
  }
  if (at !== plain.length) throw fail();
  return { supersedes, packs };
};

/**
 * Every blob of the repository by id, from all index files, in memory (about 150 bytes a blob: a million
 * blobs, a terabyte of data, take some 150 MB). When a blob is in two packs the first one read wins.
 */
export class MasterIndex {
  private readonly blobs = new Map<string, IndexEntry>();
  /** Index files loaded, by name. */
  readonly files = new Set<string>();

  get size(): number {
    return this.blobs.size;
  }

  get(id: string): IndexEntry | undefined {
    return this.blobs.get(id);
  }

  has(id: string): boolean {
    return this.blobs.has(id);
  }

  addPack(packId: string, entries: readonly PackEntry[]): void {
    for (const { id, ...place } of entries)
      if (!this.blobs.has(id)) this.blobs.set(id, { ...place, pack: packId });
  }

  entries(): IterableIterator<[string, IndexEntry]> {
    return this.blobs.entries();
  }

  packIds(): Set<string> {
    const packs = new Set<string>();
    for (const entry of this.blobs.values()) packs.add(entry.pack);
    return packs;
  }
}

export type IndexLoadError = { file: string; error: Error };

/**
 * Reads every index file into a MasterIndex. An unreadable index file throws CORRUPT unless `onError` takes it
 * (check reports it and goes on); superseded files still present (a prune that stopped half way) are skipped.
 */
export const loadIndex = async (
  backend: Backend,
  keys: RepositoryKeys,
  onError?: (failure: IndexLoadError) => void,
): Promise<MasterIndex> => {
  const names = (await backend.list('index')).map((f) => f.name);
  const contents = await mapLimit(names, 8, async (name) => {
    try {
      return { name, content: decodeIndexFile(keys, await backend.read('index', name), name) };
    } catch (error) {
      if (!onError) throw error;
      onError({ file: name, error: error as Error });
      return null;
    }
  });
  const superseded = new Set(contents.flatMap((c) => c?.content.supersedes ?? []));
  const index = new MasterIndex();
  for (const loaded of contents) {
    if (!loaded || superseded.has(loaded.name)) continue;
    index.files.add(loaded.name);
    for (const pack of loaded.content.packs) index.addPack(pack.id, pack.entries);
  }
  return index;
};
