// `npm run check:bundle`: fails when the console's first load or any chunk is over its gzipped budget.
// Options: --dist DIR (default apps/web/dist), --first-load-kb N (250), --chunk-kb N (150).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_LIMITS, weighBuild } from './bundle-budget.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: path.join(root, 'apps/web/dist') },
    'first-load-kb': { type: 'string', default: String(DEFAULT_LIMITS.firstLoadKb) },
    'chunk-kb': { type: 'string', default: String(DEFAULT_LIMITS.chunkKb) },
  },
});
const limits = { firstLoadKb: Number(values['first-load-kb']), chunkKb: Number(values['chunk-kb']) };
const { chunks, firstLoad, firstLoadBytes, problems } = weighBuild(values.dist, { limits });

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const largest = [...chunks].sort((a, b) => b[1] - a[1]);
console.log(
  `first load (sign-in and dashboard): ${kb(firstLoadBytes)} gzipped in ${firstLoad.length} chunks (limit ${limits.firstLoadKb} KB)`,
);
for (const file of firstLoad) console.log(`  ${kb(chunks.get(file) ?? 0).padStart(9)}  ${file}`);
console.log(`${chunks.size} chunks in all; the largest (limit ${limits.chunkKb} KB each):`);
for (const [file, bytes] of largest.slice(0, 5)) console.log(`  ${kb(bytes).padStart(9)}  ${file}`);
if (problems.length > 0) {
  for (const problem of problems) console.error(`over budget: ${problem}`);
  process.exit(1);
}
console.log('within budget');
