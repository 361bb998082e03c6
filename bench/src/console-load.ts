// First load of the console's dashboard in Chromium, as Lighthouse would look at it: largest contentful
// paint, first contentful paint, DOMContentLoaded, load, and the JavaScript transferred, over N cold loads
// (a new browser context each time: empty cache), signed in. The server runs from --root (default: this
// checkout) on a fresh embedded database, so two checkouts (before and after a change) compare alike.
//
// Usage: node --import tsx bench/src/console-load.ts [--runs 5] [--root DIR] [--port 18200]
// The console must be built in ROOT/apps/web/dist (npm run build).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { loadAverage, machineDescription, repoRoot } from './server-process.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    root: { type: 'string', default: repoRoot },
    port: { type: 'string', default: '18200' },
  },
});
const runs = Number(args.runs);
const root = path.resolve(args.root);
const port = Number(args.port);
const url = `http://127.0.0.1:${port}`;
const admin = { email: 'bench@console.test', password: 'bench console password' };

const startServer = async (): Promise<{ child: ChildProcess; dataDir: string }> => {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')))
    throw new Error(`no built console in ${root}/apps/web/dist: run npm run build there`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-console-load-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATABASE_URL: '',
      NATS_URL: '',
      DATA_DIR: dataDir,
      DEMO: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
    },
  });
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, dataDir };
};

type Load = {
  lcp: number;
  fcp: number;
  domContentLoaded: number;
  load: number;
  jsKb: number;
  scripts: number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const main = async () => {
  const { child, dataDir } = await startServer();
  const browser = await chromium.launch({
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
  });
  try {
    const signedIn = await browser.newContext({ baseURL: url });
    const login = await signedIn.request.post('/auth/login', { headers: { origin: url }, data: admin });
    if (!login.ok()) throw new Error(`sign-in: ${login.status()}`);
    const storageState = await signedIn.storageState();
    await signedIn.close();

    const loads: Load[] = [];
    for (let run = 0; run <= runs; run++) {
      // A new context each time: nothing cached. Run 0 warms the server and is not counted.
      const context = await browser.newContext({
        baseURL: url,
        storageState,
        viewport: { width: 1280, height: 800 },
      });
      const page = await context.newPage();
      await page.goto('/systemDashboard/overview', { waitUntil: 'load' });
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page.waitForLoadState('networkidle');
      const load = (await page.evaluate(`new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const navigation = performance.getEntriesByType('navigation')[0];
          const scripts = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js'));
          resolve({
            lcp: entries[entries.length - 1].startTime,
            fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
            domContentLoaded: navigation.domContentLoadedEventEnd,
            load: navigation.loadEventEnd,
            jsKb: scripts.reduce((sum, r) => sum + r.encodedBodySize, 0) / 1024,
            scripts: scripts.length,
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      })`)) as Load;
      await context.close();
      if (run === 0) continue;
      loads.push(load);
      console.log(
        `run ${run}: LCP ${load.lcp.toFixed(0)} ms, FCP ${load.fcp.toFixed(0)} ms, DOMContentLoaded ${load.domContentLoaded.toFixed(0)} ms, load ${load.load.toFixed(0)} ms, JS ${load.jsKb.toFixed(0)} KB transferred in ${load.scripts} files`,
      );
    }
    const pick = (key: keyof Load) => median(loads.map((l) => l[key]));
    console.log(`\nconsole first load of /systemDashboard/overview, ${runs} cold loads, ${root}`);
    console.log(`machine: ${machineDescription()}; load average ${loadAverage()}`);
    console.log(
      `median: LCP ${pick('lcp').toFixed(0)} ms, FCP ${pick('fcp').toFixed(0)} ms, DOMContentLoaded ${pick('domContentLoaded').toFixed(0)} ms, load ${pick('load').toFixed(0)} ms, JS ${pick('jsKb').toFixed(0)} KB transferred in ${pick('scripts')} files`,
    );
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
