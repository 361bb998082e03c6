// `npm run typecheck`: the Node programs (domain, server, agent, e2e, bench, scripts) are one TypeScript
// program, so the domain package is checked once rather than once per app; the console (DOM, JSX, bundler
// resolution) is the other. The two run side by side.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const programs = ['tsconfig.node.json', 'apps/web/tsconfig.json'];

const check = (project) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ project, code, output, seconds: (Date.now() - started) / 1000 }));
  });

const results = await Promise.all(programs.map(check));
for (const { project, code, output, seconds } of results) {
  process.stdout.write(output);
  console.log(`typecheck ${project}: ${code === 0 ? 'ok' : 'failed'} (${seconds.toFixed(1)} s)`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
