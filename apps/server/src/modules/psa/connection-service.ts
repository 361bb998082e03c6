import {
  isManualPsaSync,
  PSA_DEFAULT_COMPANY_STATUSES,
  PSA_DEFAULT_COMPANY_TYPES,
  PSA_DEFAULT_SYNC_INTERVAL_SECONDS,
  type PsaConnection,
  type PsaConnectionInput,
  type TestPsaConnectionResponse,
} from '@rmm/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { psaConnections } from '../../db/schema.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { DomainError } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import {
  type ConnectWiseClient,
  type ConnectWiseConnection,
  ConnectWiseError,
  type ConnectWiseLimits,
  createConnectWiseClient,
  siteOrigin,
} from './connectwise-client.ts';
import { psaError } from './errors.ts';

/**
 * The ConnectWise connection (one row): read without its keys, saved with them encrypted, tested. Changing it
 * is for technicians who see every organization: it is every organization's link to the PSA.
 */

export const CONNECTION_KEY = 'connectwise';

type Input = z.output<typeof PsaConnectionInput>;
export type StoredConnection = ConnectWiseConnection & {
  companyTypes: string[];
  companyStatuses: string[];
  syncIntervalSeconds: number;
};

export const limitsOf = (config: Config): ConnectWiseLimits => ({
  allowHttp: config.psaCwAllowHttp,
  timeoutMs: config.psaCwTimeoutMs,
  pageSize: config.psaCwPageSize,
  maxPages: config.psaCwMaxPages,
  maxRetries: config.psaCwMaxRetries,
  maxRetryAfterSeconds: config.psaCwMaxRetryAfterSeconds,
});

export const requireAllOrganizations = (actor: Actor) => {
  if (actor.scope !== 'all') throw psaError('PSA_ALL_ORGANIZATIONS', 'ALL_ORGANIZATIONS');
};

const findRow = async (db: DbOrTx) => {
  const [row] = await db.select().from(psaConnections).where(eq(psaConnections.key, CONNECTION_KEY));
  return row;
};

/** The stored connection with its keys, or undefined when none was saved. */
export const loadConnection = async (
  db: DbOrTx,
  secretKey: Buffer,
): Promise<StoredConnection | undefined> => {
  const row = await findRow(db);
  if (!row) return undefined;
  return {
    site: row.site,
    companyId: row.companyId,
    clientId: row.clientId,
    codebase: row.codebase || null,
    publicKey: decryptSecret(secretKey, row.publicKeyEncrypted),
    privateKey: decryptSecret(secretKey, row.privateKeyEncrypted),
    companyTypes: row.companyTypes,
    companyStatuses: row.companyStatuses,
    syncIntervalSeconds: row.syncIntervalSeconds,
  };
};

/** A client of the stored connection; 409 when there is none. */
export const connectedClient = async (options: {
  db: DbOrTx;
  secretKey: Buffer;
  config: Config;
}): Promise<{ connection: StoredConnection; client: ConnectWiseClient }> => {
  const connection = await loadConnection(options.db, options.secretKey);
  if (!connection) throw psaError('PSA_NOT_CONFIGURED', 'NOT_CONFIGURED');
  return { connection, client: createConnectWiseClient(connection, limitsOf(options.config)) };
};

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const getConnection = async (db: DbOrTx): Promise<PsaConnection> => {
  const row = await findRow(db);
  if (!row)
    return {
      configured: false,
      site: '',
      companyId: '',
      clientId: '',
      codebase: '',
      hasKeys: false,
      companyTypes: [...PSA_DEFAULT_COMPANY_TYPES],
      companyStatuses: [...PSA_DEFAULT_COMPANY_STATUSES],
      syncIntervalSeconds: PSA_DEFAULT_SYNC_INTERVAL_SECONDS,
      lastTestTime: null,
      lastTestOk: null,
      lastTestMessage: null,
      nextSyncTime: null,
      updateTime: null,
    };
  return {
    configured: true,
    site: row.site,
    companyId: row.companyId,
    clientId: row.clientId,
    codebase: row.codebase,
    hasKeys: true,
    companyTypes: row.companyTypes,
    companyStatuses: row.companyStatuses,
    syncIntervalSeconds: row.syncIntervalSeconds,
    lastTestTime: iso(row.lastTestAt),
    lastTestOk: row.lastTestOk,
    lastTestMessage: row.lastTestMessage,
    nextSyncTime: iso(row.nextSyncAt),
    updateTime: iso(row.updatedAt),
  };
};

const checkSite = (site: string, config: Config) => {
  try {
    siteOrigin(site, config.psaCwAllowHttp);
  } catch (error) {
    if (error instanceof ConnectWiseError) throw new DomainError('VALIDATION_FAILED', error.message);
    throw error;
  }
};

/** The form's connection, its keys falling back to the stored ones; 400 when there are none. */
const connectionOf = (input: Input, stored: StoredConnection | undefined): StoredConnection => {
  const publicKey = input.publicKey ?? stored?.publicKey;
  const privateKey = input.privateKey ?? stored?.privateKey;
  if (!publicKey || !privateKey) throw psaError('PSA_KEYS_REQUIRED', 'KEYS_REQUIRED');
  return {
    site: input.site,
    companyId: input.companyId,
    clientId: input.clientId,
    codebase: input.codebase || null,
    publicKey,
    privateKey,
    companyTypes: input.companyTypes,
    companyStatuses: input.companyStatuses,
    syncIntervalSeconds: input.syncIntervalSeconds,
  };
};

export const saveConnection = async ({
  db,
  secretKey,
  config,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  secretKey: Buffer;
  config: Config;
  actor: Actor;
  input: Input;
  now?: Date;
}): Promise<PsaConnection> => {
  requireAllOrganizations(actor);
  checkSite(input.site, config);
  await db.transaction(async (tx) => {
    const row = await findRow(tx);
    const stored = row ? await loadConnection(tx, secretKey) : undefined;
    const connection = connectionOf(input, stored);
    const isIntervalChanged = row?.syncIntervalSeconds !== connection.syncIntervalSeconds;
    const nextSyncAt = isManualPsaSync(connection.syncIntervalSeconds)
      ? null
      : isIntervalChanged || !row?.nextSyncAt
        ? new Date(now.getTime() + connection.syncIntervalSeconds * 1000)
        : row.nextSyncAt;
    const values = {
      site: connection.site,
      companyId: connection.companyId,
      clientId: connection.clientId,
      codebase: input.codebase,
      publicKeyEncrypted: encryptSecret(secretKey, connection.publicKey),
      privateKeyEncrypted: encryptSecret(secretKey, connection.privateKey),
      companyTypes: connection.companyTypes,
      companyStatuses: connection.companyStatuses,
      syncIntervalSeconds: connection.syncIntervalSeconds,
      nextSyncAt,
      updatedAt: now,
    };
    await tx
      .insert(psaConnections)
      .values({ key: CONNECTION_KEY, ...values })
      .onConflictDoUpdate({ target: psaConnections.key, set: values });
    await insertActivity(tx, {
      actorId: actor.id,
      actorName: actor.email,
      action: 'psa.connection.update',
      targetType: 'psa',
      targetName: 'ConnectWise PSA',
      outcome: 'SUCCESS',
      detail: `Site ${connection.site}, company id ${connection.companyId}${
        input.publicKey || input.privateKey ? '; keys replaced' : ''
      }`,
    });
  });
  return getConnection(db);
};

/**
 * Calls ConnectWise's /system/info with the form's settings (keys left out: the stored ones) or the saved ones.
 * A test of the saved settings is recorded on them; a failure is an answer (`ok: false`), not an error.
 */
export const testConnection = async ({
  db,
  secretKey,
  config,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  secretKey: Buffer;
  config: Config;
  actor: Actor;
  input: Input | undefined;
  now?: Date;
}): Promise<TestPsaConnectionResponse> => {
  requireAllOrganizations(actor);
  const stored = await loadConnection(db, secretKey);
  if (!input && !stored) throw psaError('PSA_NOT_CONFIGURED', 'NOT_CONFIGURED');
  if (input) checkSite(input.site, config);
  const connection = input ? connectionOf(input, stored) : stored!;
  let result: TestPsaConnectionResponse;
  try {
    const client = createConnectWiseClient(connection, limitsOf(config));
    const info = await client.systemInfo();
    const apiRoot = await client.apiRoot();
    result = {
      ok: true,
      message: `Connected to ConnectWise ${info.version} at ${apiRoot}.`,
      version: info.version,
      apiRoot,
    };
  } catch (error) {
    if (!(error instanceof ConnectWiseError)) throw error;
    result = { ok: false, message: error.message, version: null, apiRoot: null };
  }
  const isSaved =
    !input ||
    (stored !== undefined &&
      !input.publicKey &&
      !input.privateKey &&
      input.site === stored.site &&
      input.companyId === stored.companyId &&
      input.clientId === stored.clientId &&
      (input.codebase || null) === stored.codebase);
  if (isSaved && stored)
    await db
      .update(psaConnections)
      .set({ lastTestAt: now, lastTestOk: result.ok, lastTestMessage: result.message })
      .where(eq(psaConnections.key, CONNECTION_KEY));
  await insertActivity(db, {
    actorId: actor.id,
    actorName: actor.email,
    action: 'psa.connection.test',
    targetType: 'psa',
    targetName: 'ConnectWise PSA',
    outcome: result.ok ? 'SUCCESS' : 'FAILURE',
    detail: result.message.slice(0, 1000),
  });
  return result;
};
