// Starts a worker thread of the engine. When the engine runs from its TypeScript source (tsx, vitest), the
// worker registers tsx first: a worker thread does not inherit the loader of the thread that started it.
import { workerData } from 'node:worker_threads';

if (workerData.script.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.script);
