import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKeys, fileIdOf, newMasterKey, seal, unseal } from '../crypto/keys.ts';
import { PackBuilder, parsePackHeader } from './pack.ts';

describe('pack builder', () => {
  it('builds a readable pack whatever room it starts with, growing when a blob does not fit', () => {
    const keys = deriveKeys(newMasterKey());
    const blobs = [100, 70_000, 5, 300_000].map((size, i) => ({
      id: String(i).padStart(64, '0'),
      plain: randomBytes(size),
    }));
    const sealed = blobs.map((b) => seal(keys.dataKey, b.plain));
    const build = (capacity: number) => {
      const builder = new PackBuilder(capacity);
      for (const [i, blob] of blobs.entries()) {
        builder.add(
          { id: blob.id, type: 'data', compression: 'none', rawLength: blob.plain.length },
          sealed[i]!,
        );
      }
      return builder.finish(keys);
    };
    const roomy = build(1024 * 1024);
    const tight = build(64);
    // the same blobs at the same places (the sealed header differs: a random nonce each time)
    const blobsEnd = sealed.reduce((sum, s) => sum + s.length, 0);
    expect(tight.bytes.subarray(0, blobsEnd).equals(roomy.bytes.subarray(0, blobsEnd))).toBe(true);
    expect(tight.bytes.subarray(0, blobsEnd).equals(Buffer.concat(sealed))).toBe(true);
    expect(tight.id).toBe(fileIdOf(tight.bytes));
    expect(roomy.id).toBe(fileIdOf(roomy.bytes));
    const entries = parsePackHeader(keys, tight.bytes, tight.id);
    expect(entries.map((e) => e.id)).toEqual(blobs.map((b) => b.id));
    for (const [i, entry] of entries.entries()) {
      const opened = unseal(keys.dataKey, tight.bytes.subarray(entry.offset, entry.offset + entry.length));
      expect(opened.equals(blobs[i]!.plain)).toBe(true);
    }
  });
});
