import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// One config, several projects. The server suite runs on in-process PGlite, or with DATABASE_URL on the real
// PostgreSQL server, with the files marked below on PGlite too.
const hasPostgres = Boolean(process.env.DATABASE_URL);

/**
 * With both databases (CI, and any machine with DATABASE_URL), the server suite runs whole on PostgreSQL, the
 * database that several server processes share, and on the embedded PGlite only the files marked by a comment line
 * `@both-databases: <why>`: every route once (the authorization matrix), every path served (app.test), the crash
 * and restart tests on PGlite's own folder. The rest of the embedded path is what the browser tests run on: each
 * Playwright worker's server is `npm start`'s (PGlite, the demo agent). Without DATABASE_URL the whole suite runs
 * on PGlite. Running every file twice took 40 % of the suite's time for a second run of the same SQL on the same
 * PostgreSQL engine (docs/benchmarks.md).
 */
const serverRoot = 'apps/server/src';
const serverTestFiles = fs
  .readdirSync(serverRoot, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => path.posix.join(serverRoot, file.split(path.sep).join('/')));
const runsOnBothDatabases = (file: string) =>
  /^\s*(\/\/|\/?\*+)\s*@both-databases\b/m.test(fs.readFileSync(file, 'utf8'));
const postgresOnlyFiles = serverTestFiles.filter((file) => !runsOnBothDatabases(file));

// Vitest's default on a 2-core machine is one worker. Many test files wait on a database, a child
// process or a socket rather than on the CPU, so one more file runs than there are cores.
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS ?? os.availableParallelism() + 1);

// Test files of a worker share its module graph (isolate: false): importing the server, Mantine or jsdom
// once per worker rather than once per file halves the suite's time. So a test file must leave no
// module-level state behind: every server test builds its own app and database (createTestApp), every
// web test its own QueryClient and render, and mocks are restored after each test (restoreMocks).
const shared = { isolate: false, restoreMocks: true, unstubGlobals: true, unstubEnvs: true } as const;

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          ...shared,
        },
      },
      {
        test: {
          name: 'backup',
          include: ['packages/backup/src/**/*.test.ts'],
          environment: 'node',
          ...shared,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: hasPostgres ? postgresOnlyFiles : [],
          environment: 'node',
          ...shared,
          env: { TEST_DB: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      ...(hasPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: ['apps/server/src/**/*.test.ts'],
                environment: 'node',
                ...shared,
                env: { TEST_DB: 'postgres' },
                globalSetup: ['apps/server/test/postgres-global-setup.ts'],
                testTimeout: 60_000,
                hookTimeout: 90_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          ...shared,
        },
      },
      {
        test: {
          name: 'agent',
          include: ['apps/agent/src/**/*.test.ts'],
          environment: 'node',
          ...shared,
          testTimeout: 30_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
