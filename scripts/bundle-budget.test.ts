import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without type declarations
import { staticClosure, weighBuild } from './bundle-budget.mjs';

/** A build folder with a manifest and chunks of random (incompressible) bytes of the given sizes. */
const fakeBuild = (chunks: Record<string, { bytes: number; imports?: string[]; isEntry?: boolean }>) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-budget-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const manifest: Record<string, unknown> = {};
  for (const [key, chunk] of Object.entries(chunks)) {
    const file = `assets/${path.basename(key).replace(/\.\w+$/, '')}.js`;
    fs.writeFileSync(
      path.join(dir, file),
      Buffer.from(Array.from({ length: chunk.bytes }, () => Math.floor(Math.random() * 256))),
    );
    manifest[key] = { file, imports: chunk.imports ?? [], isEntry: chunk.isEntry ?? false };
  }
  fs.writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  return dir;
};

const screens = ['src/login.tsx', 'src/dashboard.tsx'];
const KB = 1024;

describe('the bundle budget', () => {
  it('counts the entry, the first screens and their static imports, not the other routes', () => {
    const dir = fakeBuild({
      'index.html': { bytes: 10 * KB, isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { bytes: 5 * KB },
      'src/login.tsx': { bytes: 2 * KB, imports: ['_shared.js'] },
      'src/dashboard.tsx': { bytes: 3 * KB, imports: ['_table.js'] },
      '_table.js': { bytes: 4 * KB },
      'src/devices.tsx': { bytes: 90 * KB },
    });
    const { firstLoad, firstLoadBytes, problems } = weighBuild(dir, { firstScreens: screens });
    expect([...firstLoad].sort()).toEqual(
      [
        'assets/index.js',
        'assets/_shared.js',
        'assets/login.js',
        'assets/dashboard.js',
        'assets/_table.js',
      ].sort(),
    );
    // Random bytes do not compress: gzip adds a little to each.
    expect(firstLoadBytes).toBeGreaterThan(24 * KB);
    expect(firstLoadBytes).toBeLessThan(26 * KB);
    expect(problems).toEqual([]);
  });

  it('fails a first load over its limit and a chunk over its own, naming them', () => {
    const dir = fakeBuild({
      'index.html': { bytes: 20 * KB, isEntry: true },
      'src/login.tsx': { bytes: 2 * KB },
      'src/dashboard.tsx': { bytes: 2 * KB },
      'src/charts.tsx': { bytes: 30 * KB },
    });
    const { problems } = weighBuild(dir, { firstScreens: screens, limits: { firstLoadKb: 16, chunkKb: 25 } });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^first load \(sign-in and dashboard\) is 24\.\d KB gzipped, over 16 KB$/);
    expect(problems[1]).toMatch(/^chunk assets\/charts\.js is 30\.\d KB gzipped, over 25 KB$/);
  });

  it('follows imports once, whatever the cycles', () => {
    const manifest = {
      a: { file: 'a.js', imports: ['b'] },
      b: { file: 'b.js', imports: ['a', 'c'] },
      c: { file: 'c.css' },
    };
    expect(staticClosure(manifest, ['a'])).toEqual(['a.js', 'b.js']);
  });
});
