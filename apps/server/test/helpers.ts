import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { ensureAdministrator } from '../src/modules/auth/service.ts';
import { withDatabase } from './postgres-global-setup.ts';

export const ADMIN = { email: 'admin@test.local', password: 'correct horse battery staple' };
export const ORIGIN = 'http://console.test';

/**
 * A new in-memory PGlite runs initdb (about 2 s) and then the migrations (1 s more). The worker does
 * that once and opens every later database from a copy of those files; the migrator then finds
 * nothing to do. Test files of a worker share this module (isolate: false), so the copy is made once
 * per worker.
 */
let pgliteSnapshot: Promise<Blob> | undefined;
const migratedPglite = () => {
  pgliteSnapshot ??= (async () => {
    const database = await openDatabase({ driver: 'pglite' });
    const files = await database.dumpDataDir!();
    await database.close();
    return files;
  })();
  return pgliteSnapshot;
};

/** A fresh database for this test file: in-memory PGlite, or a PostgreSQL clone of the template. */
const openTestDatabase = async (): Promise<{ database: Database; drop: () => Promise<void> }> => {
  if (process.env.TEST_DB !== 'postgres') {
    const loadDataDir = await migratedPglite();
    return { database: await openDatabase({ driver: 'pglite', loadDataDir }), drop: async () => {} };
  }
  const url = process.env.DATABASE_URL!;
  const template = inject('pgTemplate');
  const name = `${template}_f${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const database = await openDatabase({ driver: 'postgres', url: withDatabase(url, name), poolSize: 5 });
  return {
    database,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
};

export type TestContext = Awaited<ReturnType<typeof createTestApp>>;

/** `logger`: a pino logger's options (a test that reads the log gives its stream); none by default. */
export const createTestApp = async (overrides: Partial<Config> = {}, options: { logger?: object } = {}) => {
  const { database, drop } = await openTestDatabase();
  const ownDataDir = path.join(os.tmpdir(), `rmm-test-${randomUUID()}`);
  const config: Config = {
    ...loadConfig({}),
    dataDir: ownDataDir,
    backupStoreDir: path.join(ownDataDir, 'backup', 'strata'),
    backupExtractDir: path.join(ownDataDir, 'backup', 'extracts'),
    publicUrl: ORIGIN,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    demo: false,
    // Not the demo's log sender: a test that wants text messages says which sender.
    smsSender: undefined,
    webDist: '/nonexistent',
    // Indexing the help articles costs most of a second; the help tests ask for it.
    helpArticlesDir: '',
    ...overrides,
  };
  const app = await buildApp({
    config,
    database,
    secretKey: Buffer.alloc(32, 7),
    logger: options.logger ?? false,
  });
  await ensureAdministrator({ db: database.db, config, print: () => {} });
  await app.ready();

  const login = async (credentials = ADMIN) => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: ORIGIN },
      payload: credentials,
    });
    const cookie = response.cookies.find((c) => c.name === 'rmm_session');
    if (!cookie) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return `rmm_session=${cookie.value}`;
  };

  // Mutable: a test that ends the administrator's sessions signs in again and stores the new cookie here.
  const session = { adminCookie: await login() };

  /** A request as a signed-in browser would send it (cookie and Origin). */
  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    options: { cookie?: string; origin?: string | null } = {},
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      payload: payload as never,
      headers: {
        cookie: options.cookie ?? session.adminCookie,
        ...(options.origin === null ? {} : { origin: options.origin ?? ORIGIN }),
      },
    });

  return {
    app,
    db: database.db,
    database,
    config,
    login,
    get adminCookie() {
      return session.adminCookie;
    },
    set adminCookie(cookie: string) {
      session.adminCookie = cookie;
    },
    request,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      // Files the app wrote (attachments' blobs) in the folder made for it.
      fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
};

let counter = 0;
/** Unique test data: `createOrganizationInput({name: ...})`. */
export const createOrganizationInput = (overrides: Record<string, unknown> = {}) => ({
  name: `Org ${process.pid}-${++counter}-${randomUUID().slice(0, 6)}`,
  description: 'A test organization',
  locations: [{ name: 'Head office', address: '1 Main Street' }],
  ...overrides,
});

/** A technician with a role of exactly these permissions and this organization scope. */
export const createUser = async (
  ctx: TestContext,
  options: { permissions: string[]; scope: 'all' | number[]; password?: string },
) => {
  const { roles, users } = await import('../src/db/schema.ts');
  const { hashPassword } = await import('../src/modules/auth/service.ts');
  const suffix = randomUUID().slice(0, 8);
  const [role] = await ctx.db
    .insert(roles)
    .values({ name: `Role ${suffix}`, permissions: options.permissions })
    .returning({ id: roles.id });
  const email = `tech-${suffix}@test.local`;
  const password = options.password ?? 'technician password 1';
  const [user] = await ctx.db
    .insert(users)
    .values({
      email,
      name: `Tech ${suffix}`,
      passwordHash: await hashPassword(password),
      roleId: role!.id,
      organizationScope: options.scope,
    })
    .returning({ id: users.id });
  return { id: user!.id, email, password, roleId: role!.id, cookie: await ctx.login({ email, password }) };
};
