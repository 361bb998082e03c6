import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One config, several projects. The server suite runs twice when DATABASE_URL is set:
// once on in-process PGlite and once on the real PostgreSQL server.
const hasPostgres = Boolean(process.env.DATABASE_URL);

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
