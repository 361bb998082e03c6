// The console's JavaScript budget, weighed from Vite's build manifest (dist/.vite/manifest.json).
// First load: the entry chunk and every chunk it imports statically, plus the route modules of the first
// screens (sign-in and the dashboard) and their static imports. Dynamic imports of other routes are not
// counted: they load when their screen is opened. Sizes are gzipped, as the browser receives them.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const DEFAULT_LIMITS = { firstLoadKb: 250, chunkKb: 150 };

/** Route modules of the first screens, as the manifest names their source files. */
export const FIRST_SCREENS = [
  'src/features/auth/components/login-page.tsx',
  'src/features/dashboard/components/system-dashboard-overview.tsx',
];

const gzipBytes = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** Chunk files reached from `keys` through static imports (not dynamic ones). */
export const staticClosure = (manifest, keys) => {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no entry ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
};

/**
 * Weighs a build: `distDir` holds the files and `.vite/manifest.json`. Answers every JS chunk's gzipped
 * size, the first-load chunks and their total, and what is over the limits.
 */
export const weighBuild = (distDir, { limits = DEFAULT_LIMITS, firstScreens = FIRST_SCREENS } = {}) => {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const missing = firstScreens.filter((key) => !manifest[key]);
  if (missing.length > 0) throw new Error(`first screens not in the manifest: ${missing.join(', ')}`);
  const chunks = new Map();
  for (const chunk of Object.values(manifest)) {
    if (chunk.file.endsWith('.js') && !chunks.has(chunk.file))
      chunks.set(chunk.file, gzipBytes(path.join(distDir, chunk.file)));
  }
  const firstLoad = staticClosure(manifest, [...entries, ...firstScreens]);
  const firstLoadBytes = firstLoad.reduce((sum, file) => sum + (chunks.get(file) ?? 0), 0);
  const kb = (bytes) => bytes / 1024;
  const overChunks = [...chunks].filter(([, bytes]) => kb(bytes) > limits.chunkKb);
  const problems = [
    ...(kb(firstLoadBytes) > limits.firstLoadKb
      ? [
          `first load (sign-in and dashboard) is ${kb(firstLoadBytes).toFixed(1)} KB gzipped, over ${limits.firstLoadKb} KB`,
        ]
      : []),
    ...overChunks.map(
      ([file, bytes]) => `chunk ${file} is ${kb(bytes).toFixed(1)} KB gzipped, over ${limits.chunkKb} KB`,
    ),
  ];
  return { chunks, firstLoad, firstLoadBytes, problems };
};
