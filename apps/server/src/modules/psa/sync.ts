import type { PsaSyncLevel, PsaSyncRun, PsaSyncSummary, psaSyncRecordTypes } from '@rmm/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { limitsOf, loadConnection } from './connection-service.ts';
import { type ConnectWiseClient, ConnectWiseError, createConnectWiseClient } from './connectwise-client.ts';
import { psaError } from './errors.ts';
import { listConfigurationTypeMappings, listProductMappings } from './rules-repository.ts';
import {
  type AdditionTarget,
  additionKey,
  planAdditions,
  planConfigurations,
  type WantedConfiguration,
} from './sync-plan.ts';
import * as repo from './sync-repository.ts';

/**
 * The sync (issue 22 item 6): agreement additions kept in step with device counts, configurations created and
 * retired as devices come and go. It never changes a mapping: a company gone from ConnectWise is logged (and
 * shown on its mapping) and that organization is left out, its records untouched. Each change in ConnectWise is
 * followed by its own small transaction here; credentials refused mid-way stop the run where it is.
 */

export type SyncDeps = { db: Db; secretKey: Buffer; config: Config; log: FastifyBaseLogger };
type RecordType = (typeof psaSyncRecordTypes)[number];
type Client = { organizationId: number; organizationName: string };

/** How many runs (with their log) are kept. */
export const SYNC_RUNS_KEPT = 100;

/** ConnectWise refused the credentials: nothing more is tried. */
class SyncAborted extends Error {}

type Session = {
  db: Db;
  cw: ConnectWiseClient;
  summary: PsaSyncSummary;
  clientErrors: Map<number, string>;
  log: (
    level: PsaSyncLevel,
    type: RecordType,
    name: string,
    message: string,
    client?: Client,
  ) => Promise<void>;
};

const createSession = (db: Db, cw: ConnectWiseClient, runId: number): Session => {
  const session: Session = {
    db,
    cw,
    summary: repo.emptySummary(),
    clientErrors: new Map(),
    log: async (level, recordType, recordName, message, client) => {
      if (level === 'ERROR') {
        session.summary.errors += 1;
        if (client && !session.clientErrors.has(client.organizationId))
          session.clientErrors.set(client.organizationId, `${recordName}: ${message}`);
      }
      await repo.insertLog(db, {
        runId,
        level,
        organizationId: client?.organizationId ?? null,
        clientName: client?.organizationName ?? null,
        recordType,
        recordName,
        message,
      });
    },
  };
  return session;
};

/** Runs a ConnectWise call for one record: its failure is logged and skipped, refused credentials stop the sync. */
const attempt = async <T>(
  session: Session,
  record: { type: RecordType; name: string; client?: Client },
  work: () => Promise<T>,
): Promise<T | undefined> => {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ConnectWiseError)) throw error;
    if (error.kind === 'UNAUTHORIZED')
      throw new SyncAborted(
        `ConnectWise stopped accepting the credentials at ${record.name}: ${error.message} The sync stopped there; what it changed before stays, and no mapping was changed.`,
      );
    await session.log('ERROR', record.type, record.name, error.message, record.client);
    return undefined;
  }
};

/** Checks the mapped company in ConnectWise: null when the organization can be synced, else why not. */
const checkCompany = async (
  session: Session,
  client: repo.MappedClient,
  now: Date,
): Promise<string | null> => {
  const name = `Company ${client.companyName} (id ${client.companyId})`;
  const who = { organizationId: client.organizationId, organizationName: client.organizationName };
  let company: Awaited<ReturnType<ConnectWiseClient['company']>> | undefined;
  try {
    company = await session.cw.company(client.companyId);
  } catch (error) {
    if (!(error instanceof ConnectWiseError && error.kind === 'NOT_FOUND')) {
      await attempt(session, { type: 'COMPANY', name, client: who }, () => Promise.reject(error));
      return `${name}: ${(error as Error).message}`;
    }
  }
  if (!company || company.deletedFlag === true) {
    const message = `ConnectWise no longer has this company. The mapping of ${client.organizationName} is kept and nothing was synced for it: map it to another company or clear the mapping.`;
    await session.log('ERROR', 'COMPANY', name, message, who);
    return `${name}: ${message}`;
  }
  if (company.name !== client.companyName) {
    await repo.setClientSyncState(session.db, client.organizationId, {
      syncError: null,
      lastSyncAt: now,
      companyName: company.name,
    });
    await session.log('INFO', 'COMPANY', name, `Renamed in ConnectWise to ${company.name}.`, who);
  }
  return null;
};

const syncAdditions = async (
  session: Session,
  targets: Map<string, AdditionTarget>,
  blockedAgreements: ReadonlySet<number>,
  clientName: (organizationId: number) => Client | undefined,
) => {
  const tracked = await repo.trackedAdditions(session.db);
  const agreementIds = new Set(
    [...[...targets.values()].map((t) => t.agreementId), ...tracked.map((t) => t.agreementId)].filter(
      (id) => !blockedAgreements.has(id),
    ),
  );
  for (const agreementId of agreementIds) {
    const ours = [...targets.values()].filter((t) => t.agreementId === agreementId);
    const kept = tracked.filter((t) => t.agreementId === agreementId);
    const agreementName = ours[0]?.agreementName ?? kept[0]?.agreementName ?? `Agreement ${agreementId}`;
    const client = ours[0] ? clientName(ours[0].organizationIds[0]!) : undefined;
    const additions = await attempt(
      session,
      {
        type: 'AGREEMENT',
        name: `Agreement ${agreementName} (id ${agreementId})`,
        ...(client ? { client } : {}),
      },
      () => session.cw.additions(agreementId),
    );
    if (!additions) continue;
    const items = new Set([...ours.map((t) => t.catalogItemId), ...kept.map((t) => t.catalogItemId)]);
    for (const catalogItemId of items) {
      const target = targets.get(additionKey(agreementId, catalogItemId));
      const row = kept.find((t) => t.catalogItemId === catalogItemId);
      const identifier = target?.catalogItemIdentifier ?? row?.catalogItemIdentifier ?? String(catalogItemId);
      const desired = target?.quantity ?? 0;
      const record = {
        type: 'ADDITION' as const,
        name: `Addition ${identifier} on agreement ${agreementName} (id ${agreementId})`,
        ...(client ? { client } : {}),
      };
      const existing =
        additions.find((a) => a.id === row?.additionId) ??
        additions.find((a) => a.product.id === catalogItemId);
      const track = async (additionId: number) =>
        target
          ? repo.saveTrackedAddition(session.db, {
              agreementId,
              catalogItemId,
              additionId,
              agreementName,
              catalogItemIdentifier: identifier,
              quantity: desired,
            })
          : repo.dropTrackedAddition(session.db, agreementId, catalogItemId);
      if (!existing) {
        if (desired === 0) {
          if (row) await repo.dropTrackedAddition(session.db, agreementId, catalogItemId);
          continue;
        }
        const created = await attempt(session, record, () =>
          session.cw.createAddition(agreementId, { productId: catalogItemId, quantity: desired }),
        );
        if (!created) continue;
        await track(created.id);
        session.summary.additionsCreated += 1;
        await session.log('INFO', 'ADDITION', record.name, `Added with quantity ${desired}.`, client);
      } else if (existing.quantity !== desired) {
        const updated = await attempt(session, record, () =>
          session.cw.setAdditionQuantity(agreementId, existing.id, desired),
        );
        if (!updated) continue;
        await track(existing.id);
        session.summary.additionsUpdated += 1;
        await session.log(
          'INFO',
          'ADDITION',
          record.name,
          `Quantity ${existing.quantity} → ${desired}.`,
          client,
        );
      } else {
        await track(existing.id);
      }
    }
  }
};

const syncConfigurations = async (
  session: Session,
  wanted: Map<number, WantedConfiguration>,
  skipped: ReadonlyMap<number, string>,
  clientOf: (organizationId: number | null) => Client | undefined,
) => {
  const tracked = await repo.trackedConfigurations(session.db);
  const retire = async (row: repo.TrackedConfiguration, reason: string) => {
    const client = clientOf(row.organizationId);
    const name = `Configuration ${row.deviceName} (id ${row.cwConfigurationId})`;
    const record = { type: 'CONFIGURATION' as const, name, ...(client ? { client } : {}) };
    if (row.statusOnDeleteId !== null) {
      const statusId = row.statusOnDeleteId;
      const done = await attempt(session, record, async () => {
        try {
          await session.cw.setConfigurationStatus(row.cwConfigurationId, statusId);
          return 'RETIRED';
        } catch (error) {
          if (error instanceof ConnectWiseError && error.kind === 'NOT_FOUND') return 'GONE';
          throw error;
        }
      });
      if (!done) return false;
      if (done === 'RETIRED') session.summary.configurationsRetired += 1;
      await session.log(
        'INFO',
        'CONFIGURATION',
        name,
        done === 'RETIRED' ? `Retired: ${reason}.` : `Gone from ConnectWise already (${reason}).`,
        client,
      );
    } else {
      await session.log(
        'WARNING',
        'CONFIGURATION',
        name,
        `No status on delete is set: left as it is (${reason}).`,
        client,
      );
    }
    await repo.dropTrackedConfiguration(session.db, row.id);
    return true;
  };

  const byDevice = new Map(tracked.filter((row) => row.deviceId !== null).map((row) => [row.deviceId!, row]));
  for (const want of wanted.values()) {
    const row = byDevice.get(want.deviceId);
    if (
      row &&
      row.companyId === want.companyId &&
      row.configurationTypeId === want.configurationTypeId &&
      row.siteId === want.siteId
    )
      continue;
    if (row && !(await retire(row, 'its company, site or configuration type changed'))) continue;
    const client = clientOf(want.organizationId);
    const created = await attempt(
      session,
      { type: 'CONFIGURATION', name: `Configuration ${want.deviceName}`, ...(client ? { client } : {}) },
      () =>
        session.cw.createConfiguration({
          name: want.deviceName,
          typeId: want.configurationTypeId,
          statusId: want.statusOnCreateId,
          companyId: want.companyId,
          siteId: want.siteId,
          ...(want.serial ? { serialNumber: want.serial.slice(0, 250) } : {}),
        }),
    );
    if (!created) continue;
    await repo.insertTrackedConfiguration(session.db, {
      deviceId: want.deviceId,
      deviceName: want.deviceName,
      organizationId: want.organizationId,
      cwConfigurationId: created.id,
      companyId: want.companyId,
      configurationTypeId: want.configurationTypeId,
      siteId: want.siteId,
      statusOnDeleteId: want.statusOnDeleteId,
    });
    session.summary.configurationsCreated += 1;
    await session.log(
      'INFO',
      'CONFIGURATION',
      `Configuration ${want.deviceName} (id ${created.id})`,
      `Created as ${want.configurationTypeName}.`,
      client,
    );
  }
  for (const row of tracked) {
    if (row.organizationId !== null && skipped.has(row.organizationId)) continue;
    if (row.deviceId !== null && wanted.has(row.deviceId)) continue;
    await retire(row, row.deviceId === null ? 'its device was removed' : 'its device is no longer mapped');
  }
};

/** What the run reads, the plan, and the changes in ConnectWise. */
const execute = async (session: Session, now: Date) => {
  const { db } = session;
  const clients = await repo.mappedClients(db);
  const locations = await repo.locationMappings(db);
  const organizationIds = clients.map((c) => c.organizationId);
  const devices = await repo.devicesOf(db, organizationIds);
  const productMappings = new Map((await listProductMappings(db)).map((m) => [m.id, m]));
  const configurationTypeMappings = new Map((await listConfigurationTypeMappings(db)).map((m) => [m.id, m]));
  const groupIds = new Set(
    [...productMappings.values(), ...configurationTypeMappings.values()].flatMap((m) =>
      m.rules.flatMap((rule) => (rule.groupId === null ? [] : [rule.groupId])),
    ),
  );
  const groups = new Map<number, ReadonlySet<number> | undefined>();
  for (const groupId of groupIds) {
    const members = await repo.groupMembers(db, groupId, organizationIds);
    groups.set(groupId, members);
    if (!members)
      await session.log(
        'WARNING',
        'CONNECTION',
        `Device group ${groupId}`,
        'The group no longer exists: rules naming it count no device.',
      );
  }
  session.summary.clients = clients.length;
  const skipped = new Map<number, string>();
  for (const client of clients) {
    const reason = await checkCompany(session, client, now);
    if (reason !== null) skipped.set(client.organizationId, reason);
  }
  const active = clients.filter((c) => !skipped.has(c.organizationId));
  const activeLocations = locations.filter((l) => !skipped.has(l.organizationId));
  const blocked = new Set(
    locations.flatMap((l) =>
      skipped.has(l.organizationId) && l.agreementId !== null ? [l.agreementId] : [],
    ),
  );
  const names = new Map(clients.map((c) => [c.organizationId, c.organizationName]));
  const clientOf = (organizationId: number | null) =>
    organizationId !== null && names.has(organizationId)
      ? { organizationId, organizationName: names.get(organizationId)! }
      : undefined;
  const plan = { clients: active, locations: activeLocations, devices, groups };
  await syncAdditions(session, planAdditions({ ...plan, productMappings }), blocked, clientOf);
  await syncConfigurations(
    session,
    planConfigurations({ ...plan, configurationTypeMappings }),
    skipped,
    clientOf,
  );
  for (const client of clients)
    await repo.setClientSyncState(db, client.organizationId, {
      syncError:
        skipped.get(client.organizationId) ?? session.clientErrors.get(client.organizationId) ?? null,
      lastSyncAt: now,
    });
};

export const toSyncRun = (row: Awaited<ReturnType<typeof repo.startRun>> & object): PsaSyncRun => ({
  id: row.id,
  trigger: row.trigger as PsaSyncRun['trigger'],
  status: row.status as PsaSyncRun['status'],
  startTime: row.startedAt.toISOString(),
  finishTime: row.finishedAt?.toISOString() ?? null,
  summary: row.summary,
  startedBy: row.startedBy,
});

/**
 * Starts a run (409 when one is running, or when there is no connection) and answers it with the promise of
 * its end; the run's failures are in its log, never thrown.
 */
export const startSync = async (
  deps: SyncDeps,
  {
    trigger,
    startedBy,
    now = () => new Date(),
  }: { trigger: 'SCHEDULE' | 'MANUAL'; startedBy: string | null; now?: () => Date },
) => {
  const connection = await loadConnection(deps.db, deps.secretKey);
  if (!connection) throw psaError('PSA_NOT_CONFIGURED', 'NOT_CONFIGURED');
  const run = await repo.startRun(deps.db, trigger, startedBy, now());
  if (!run) throw psaError('PSA_SYNC_RUNNING', 'SYNC_RUNNING');
  const done = (async () => {
    const session = createSession(
      deps.db,
      createConnectWiseClient(connection, limitsOf(deps.config)),
      run.id,
    );
    let status: PsaSyncRun['status'] = 'SUCCESS';
    try {
      await execute(session, now());
      if (session.summary.errors > 0) status = 'PARTIAL';
    } catch (error) {
      status = 'FAILED';
      const message =
        error instanceof SyncAborted || error instanceof ConnectWiseError
          ? error.message
          : `The sync failed: ${(error as Error).message}`;
      if (!(error instanceof SyncAborted || error instanceof ConnectWiseError))
        deps.log.error({ err: error }, 'PSA sync failed');
      await session.log('ERROR', 'CONNECTION', 'ConnectWise connection', message).catch(() => undefined);
    }
    await repo.finishRun(deps.db, run.id, status, session.summary, now());
    await repo.pruneRuns(deps.db, SYNC_RUNS_KEPT);
  })().catch((error: unknown) => deps.log.error({ err: error }, 'PSA sync could not record its end'));
  return { run: toSyncRun(run), done };
};
