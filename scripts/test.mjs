// `npm test`: unit, server (PGlite, and PostgreSQL when DATABASE_URL is set) and browser tests.
// On a user's machine a missing PostgreSQL or Chromium skips those tests with the reason;
// under CI (CI=true) nothing may be skipped, so a missing service fails the run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isCi = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-test-'));
const skipped = [];
const totals = { passed: 0, failed: 0, skipped: 0 };

const durations = [];
const run = (label, command, args, env = {}) => {
  const started = Date.now();
  const status =
    spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
  durations.push(`${label} ${Math.round((Date.now() - started) / 1000)} s`);
  return status;
};

if (!process.env.DATABASE_URL) {
  if (isCi) {
    console.error('CI: DATABASE_URL is not set, so the server tests cannot run on PostgreSQL.');
    process.exit(1);
  }
  skipped.push('server tests on PostgreSQL: DATABASE_URL is not set (they ran on PGlite)');
}

const vitestReport = path.join(reportDir, 'vitest.json');
const vitestStatus = run('unit and server tests (vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
if (fs.existsSync(vitestReport)) {
  const report = JSON.parse(fs.readFileSync(vitestReport, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
} else if (vitestStatus !== 0) totals.failed += 1;

let e2eStatus = 0;
if (fs.existsSync(chromium)) {
  const e2eReport = path.join(reportDir, 'playwright.json');
  e2eStatus = run(
    'browser tests (playwright)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    },
  );
  if (fs.existsSync(e2eReport)) {
    const { stats } = JSON.parse(fs.readFileSync(e2eReport, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  } else if (e2eStatus !== 0) totals.failed += 1;
} else if (isCi) {
  console.error(`CI: Chromium is not installed at ${chromium}; the browser tests cannot run.`);
  process.exit(1);
} else {
  skipped.push(`browser tests (Playwright): no Chromium at ${chromium} (apt-get install chromium)`);
}

for (const reason of skipped) console.log(`skipped: ${reason}`);
console.log(`durations: ${durations.join(', ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (isCi && totals.skipped > 0) {
  console.error(
    'CI: tests were skipped (a service such as NATS or PostgreSQL was not reachable); nothing may be skipped here.',
  );
  process.exit(1);
}
process.exit(vitestStatus !== 0 || e2eStatus !== 0 || totals.failed > 0 ? 1 : 0);
