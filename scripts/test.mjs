// `npm test`: unit, server (PGlite, and PostgreSQL when DATABASE_URL is set) and browser tests.
// On a user's machine a missing PostgreSQL or Chromium skips those tests with the reason;
// under CI (CI=true) nothing may be skipped, so a missing service fails the run.
import { spawn, spawnSync } from 'node:child_process';
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

/**
 * The browser tests run beside the vitest suite: each leaves a core partly idle (browser tests wait on pages,
 * servers and agents; many vitest files wait on a database or a child process), so side by side they finish
 * sooner than one after the other (docs/benchmarks.md). Tests tagged @quiet-machine judge the whole machine's
 * CPU (a burn raises an alert that must clear when it stops), so they run alone afterwards.
 * TEST_SEQUENTIAL=1 runs the browser tests after vitest instead.
 */
const hasChromium = fs.existsSync(chromium);
const sideBySide = hasChromium && process.env.TEST_SEQUENTIAL !== '1';
const e2eArgs = ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'];
const e2eReports = [];
const e2eSpawn = (label, grepArgs) => {
  const report = path.join(reportDir, `playwright-${e2eReports.length}.json`);
  e2eReports.push(report);
  return { label, args: [...e2eArgs, ...grepArgs], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report } };
};

let besideVitest;
if (sideBySide) {
  const phase = e2eSpawn('browser tests beside vitest (playwright)', ['--grep-invert', '@quiet-machine']);
  const log = path.join(reportDir, 'playwright-beside.log');
  const out = fs.openSync(log, 'w');
  const child = spawn('npx', phase.args, {
    cwd: root,
    stdio: ['ignore', out, out],
    env: { ...process.env, ...phase.env },
  });
  // Its duration is the one Playwright reports: this process waits on vitest meanwhile, so it learns of the
  // exit only after vitest ends.
  besideVitest = new Promise((resolve) => child.on('exit', (code) => resolve({ status: code ?? 1, log })));
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
if (hasChromium) {
  if (besideVitest) {
    const { status, log } = await besideVitest;
    console.log('== browser tests run beside vitest');
    process.stdout.write(fs.readFileSync(log, 'utf8'));
    e2eStatus ||= status;
    const quiet = e2eSpawn('browser tests alone (playwright, @quiet-machine)', ['--grep', '@quiet-machine']);
    e2eStatus ||= run(quiet.label, 'npx', quiet.args, quiet.env);
  } else {
    const all = e2eSpawn('browser tests (playwright)', []);
    e2eStatus = run(all.label, 'npx', all.args, all.env);
  }
  for (const report of e2eReports) {
    if (!fs.existsSync(report)) {
      totals.failed += 1;
      continue;
    }
    const { stats } = JSON.parse(fs.readFileSync(report, 'utf8'));
    if (report === e2eReports[0] && besideVitest)
      durations.push(`browser tests beside vitest (playwright) ${Math.round(stats.duration / 1000)} s`);
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  }
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
