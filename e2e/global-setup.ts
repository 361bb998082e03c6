import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const newestMtime = (dir: string): number =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const full = path.join(dir, entry.name);
    return Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }, 0);

/** Builds the console once when it is missing or older than its sources; every worker's server serves it. */
export default function globalSetup() {
  const index = path.join(repoRoot, 'apps/web/dist/index.html');
  const sources = ['apps/web/src', 'packages/domain/src'].map((dir) => path.join(repoRoot, dir));
  const isStale = !fs.existsSync(index) || Math.max(...sources.map(newestMtime)) > fs.statSync(index).mtimeMs;
  if (!isStale) return;
  const build = spawnSync('npm', ['run', 'build', '-w', '@rmm/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the console build failed');
}
