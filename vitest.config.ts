import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One config, several projects. The server suite runs twice when DATABASE_URL is set:
// once on in-process PGlite and once on the real PostgreSQL server.
const hasPostgres = Boolean(process.env.DATABASE_URL);

// Vitest's default on a 2-core machine is one worker. Many test files wait on a database, a child
// process or a socket rather than on the CPU, so one more file runs than there are cores.
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS ?? os.availableParallelism() + 1);

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
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
        },
      },
      {
        test: {
          name: 'agent',
          include: ['apps/agent/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
