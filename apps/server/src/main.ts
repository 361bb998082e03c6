import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { loadSecretKey } from './lib/crypto.ts';
import { ensureAdministrator } from './modules/auth/service.ts';
import { demoEnrollmentToken, startDemoAgent } from './modules/demo/service.ts';
import { startMetricsListener } from './plugins/metrics.ts';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { driver: 'postgres', url: config.databaseUrl }
    : { driver: 'pglite', dataDir: config.dataDir },
);
const secretKey = loadSecretKey(config.secretKey, config.dataDir);
const app = await buildApp({ config, database, secretKey });
await ensureAdministrator({
  db: database.db,
  config,
  print: (line) => {
    // Printed once to the terminal, never to the log stream.
    process.stdout.write(`\n${line}\n\n`);
  },
});

let demoAgent: ChildProcess | undefined;
let isClosing = false;
const shutdown = async (signal: string) => {
  if (isClosing) return;
  isClosing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 15_000).unref();
  try {
    demoAgent?.kill('SIGTERM');
    await metricsListener?.close();
    await app.close();
    await database.close();
  } finally {
    clearTimeout(timer);
    process.exit(0);
  }
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// A deep accept queue: after a restart thousands of agents connect within seconds.
await app.listen({ port: config.port, host: config.host, backlog: config.listenBacklog });
// METRICS_PORT: Prometheus scrapes a listener of its own, on loopback unless METRICS_HOST says otherwise.
const metricsListener =
  config.metricsPort === undefined
    ? undefined
    : await startMetricsListener(app.metrics, config.metricsPort, config.metricsHost);

// `npm start` shows this machine as a live device: a real agent, enrolled with a real token.
if (config.demo) {
  const stateDir = path.join(config.dataDir, 'demo-agent');
  const token = await demoEnrollmentToken({ db: database.db, stateDir });
  if (token || fs.existsSync(path.join(stateDir, 'identity.json'))) {
    demoAgent = startDemoAgent({
      serverUrl: `http://127.0.0.1:${config.port}`,
      stateDir,
      token,
      log: app.log,
    });
  }
}
app.log.info(
  `console and API at ${config.publicUrl ?? `http://localhost:${config.port}`} (database: ${database.driver})`,
);
