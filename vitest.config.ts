import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// One config, several projects. The server suite runs twice when DATABASE_URL is set: once on
// in-process PGlite and once on the real PostgreSQL server (but for the files below).
const hasPostgres = Boolean(process.env.DATABASE_URL);

/**
 * Server test files that run on one database only, when both are there (PostgreSQL then): those that open
 * none (unit tests of the server's code), and those whose subject is a process rather than the database
 * (a real agent, a store, an HTTP client against a local vendor server), marked by a comment line starting with
 * `@one-database` and the reason. The database code they pass through is tested on both by the other files.
 */
const serverRoot = 'apps/server/src';
const serverTestFiles = fs
  .readdirSync(serverRoot, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => path.posix.join(serverRoot, file.split(path.sep).join('/')));
const runsOnOneDatabase = (file: string) => {
  const text = fs.readFileSync(file, 'utf8');
  const opensDatabase = /test\/(helpers|server-process)\.ts|openDatabase|createTestApp/.test(text);
  return !opensDatabase || /^\s*(\/\/|\/?\*+)\s*@one-database\b/m.test(text);
};
const oneDatabaseFiles = serverTestFiles.filter(runsOnOneDatabase);

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
          exclude: hasPostgres ? oneDatabaseFiles : [],
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
