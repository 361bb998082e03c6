import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { textContent } from '../../test/fixtures.ts';
import { looksIncompressible } from './compressibility.ts';

describe('compressibility guess', () => {
  it('skips random and already-compressed data, never text or small chunks', () => {
    expect(looksIncompressible(randomBytes(1024 * 1024))).toBe(true);
    expect(looksIncompressible(gzipSync(randomBytes(300_000).toString('base64')))).toBe(true);
    expect(looksIncompressible(textContent('words', 1024 * 1024))).toBe(false);
    expect(looksIncompressible(Buffer.from(randomBytes(600_000).toString('base64')))).toBe(false); // 6 bits a byte
    expect(looksIncompressible(Buffer.concat([randomBytes(500_000), Buffer.alloc(500_000)]))).toBe(false);
    expect(looksIncompressible(randomBytes(10_000))).toBe(false);
  });
});
