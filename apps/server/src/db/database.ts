import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './lock.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** PGlite in memory only: its files as a tarball, to open copies without running initdb again (tests). */
  dumpDataDir?: () => Promise<Blob>;
  /** Pool figures for /metrics. */
  poolStats: () => { total: number; idle: number; waiting: number };
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export type DatabaseOptions =
  | { driver: 'postgres'; url: string; poolSize?: number }
  | {
      driver: 'pglite';
      dataDir?: string /* undefined: in memory */;
      /** In memory: start from these files (an earlier dumpDataDir) instead of an empty cluster. */
      loadDataDir?: Blob;
    };

/** PGlite in DATA_DIR when DATABASE_URL is unset, a real PostgreSQL through `pg` otherwise. */
export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  if (options.driver === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection dropped by the server must not crash the process; the pool replaces it.
    pool.on('error', (error) => process.stderr.write(`database connection lost: ${error.message}\n`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // Several server processes may start at once: one migrates, the others wait on the lock.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(728101)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock(728101)').catch(() => {});
      client.release();
    }
    return {
      db,
      driver: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      ping: async () => {
        await pool.query('SELECT 1');
      },
      close: () => pool.end(),
    };
  }
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    const extensions = { pg_trgm };
    const client = options.dataDir
      ? new PGlite(path.join(options.dataDir, 'pglite'), { extensions })
      : new PGlite({ extensions, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    let closed = false;
    return {
      db,
      driver: 'pglite',
      ...(options.dataDir ? {} : { dumpDataDir: () => client.dumpDataDir('none') as Promise<Blob> }),
      poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
      ping: async () => {
        await client.query('SELECT 1');
      },
      close: async () => {
        if (closed) return;
        closed = true;
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
};

/** `count(*)` and bigint come back as numbers from PGlite and strings from pg. */
export const toNumber = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));
