import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://localhost:${port}`;
const dataDir = path.join(os.tmpdir(), `rmm-e2e-${process.pid}`);

export const ADMIN = { email: 'admin@e2e.test', password: 'e2e admin password' };

/** Debian's Chromium; never a downloaded browser. */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
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
  webServer: {
    command: `rm -rf ${dataDir} && node ../scripts/start.mjs`,
    url: `${baseURL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
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
      // Short agent timings, so a stopped agent's device goes DOWN within seconds (devices.spec.ts).
      HEARTBEAT_INTERVAL_SECONDS: '1',
      OFFLINE_THRESHOLD_SECONDS: '4',
      STATUS_SWEEP_INTERVAL_MS: '500',
      PRESENCE_FLUSH_INTERVAL_MS: '300',
      METRIC_SAMPLE_SECONDS: '2',
      // A busy test machine must not turn a device WARNING while a test expects it UP.
      CPU_WARNING_PERCENT: '101',
      MEMORY_WARNING_PERCENT: '101',
      DISK_WARNING_PERCENT: '101',
    },
  },
});
