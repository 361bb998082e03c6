import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN, basePort, e2eServerEnv } from '../playwright.config.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ConsoleServer = { url: string; stop: () => Promise<void> };

/**
 * One server per Playwright worker, started as `npm start` starts it (the built console, a fresh embedded
 * database, the Demo organization with this machine enrolled by a real agent), on its own port and data
 * folder, so workers never see each other's data. The console is built once, before the workers start.
 */
export const startConsoleServer = async (parallelIndex: number): Promise<ConsoleServer> => {
  const port = basePort + parallelIndex;
  const url = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `rmm-e2e-w${parallelIndex}-`));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...e2eServerEnv, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit');
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the e2e server exited while starting:\n${output}`);
    const isUp = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) break;
    if (Date.now() > deadline)
      throw new Error(`the e2e server did not answer /healthz at ${url}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export { ADMIN };
