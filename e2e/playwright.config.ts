import os from 'node:os';
import { defineConfig } from '@playwright/test';

/** The server of parallel worker N listens on E2E_PORT + N (see tests/console-server.ts). */
export const basePort = Number(process.env.E2E_PORT ?? 8181);

export const ADMIN = { email: 'admin@e2e.test', password: 'e2e admin password' };

/** The environment of every worker's server, besides its port and data folder. */
export const e2eServerEnv: Record<string, string> = {
  // The browser tests run on a fresh embedded database (as `npm start` does on a new machine), never on
  // the DATABASE_URL that the server tests were given: those hold other tests' users.
  DATABASE_URL: '',
  NATS_URL: '',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  // As `npm start` on a new machine: the Demo organization with this machine enrolled by its agent.
  DEMO: '1',
  LOG_LEVEL: 'warn',
  LOGIN_RATE_PER_MINUTE: '1000',
  // Short agent timings, so a stopped agent's device goes DOWN within seconds (devices.spec.ts), with room
  // for a heartbeat delayed by a busy machine (two workers, each with a server, agents and a browser).
  HEARTBEAT_INTERVAL_SECONDS: '1',
  OFFLINE_THRESHOLD_SECONDS: '8',
  STATUS_SWEEP_INTERVAL_MS: '500',
  PRESENCE_FLUSH_INTERVAL_MS: '300',
  METRIC_SAMPLE_SECONDS: '2',
  // psa.spec.ts connects to a local ConnectWise server (http://127.0.0.1): allowed for tests only.
  PSA_CW_ALLOW_HTTP: '1',
};

/**
 * Debian's Chromium; never a downloaded browser. Tests run in parallel, each worker with its own server
 * (tests/fixtures.ts), all serving the one console built by the global setup.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? Math.max(1, Math.min(2, os.availableParallelism()))),
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  // Bounds, not waits: a busy 2-core machine runs two workers, each with a server, agents and a browser.
  expect: { timeout: 20_000 },
  use: {
    screenshot: 'only-on-failure',
    // No trace: recording one for every test (a screencast and a DOM snapshot per action, thrown away when the
    // test passes) took a third of the suite's CPU (docs/benchmarks.md). A failure still leaves its screenshot
    // and the page's accessibility snapshot (error-context.md); `--trace retain-on-failure` records traces again.
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
