import {
  DEFAULT_PRODUCT_MAPPING_TYPE,
  findAutoMapMatches,
  type ListPsaMappingsQuery,
  type ListPsaMappingsResponse,
  type PsaAccountMapping,
  type PsaAccountMappingRow,
  type PsaAutoMapPreviewResponse,
  type PsaAutoMapRequest,
  type PsaAutoMapResponse,
  psaFailureMessages,
  type SavePsaMappingRequest,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { scopeAllows } from '../../lib/scope.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { connectedClient } from './connection-service.ts';
import { ConnectWiseError } from './connectwise-client.ts';
import { psaError, upstreamError } from './errors.ts';
import { type ListsContext, listAgreements, listCompanies, listCompanySites } from './lists-service.ts';
import * as repo from './mappings-repository.ts';
import { listConfigurationTypeMappings, listProductMappings } from './rules-repository.ts';

/**
 * Spec §3's account mappings and §4's transitions: an organization (client) to a ConnectWise company with a
 * default product and configuration-type mapping, each location to a site and agreement with overrides. Each
 * change is one transaction (the organization's row locked); company, sites and agreements are checked against
 * ConnectWise and their names taken from it.
 */

type Context = ListsContext & { db: Db; actor: Actor; now?: Date };

export const toMappingRow = (
  client: repo.ClientRow,
  locations: repo.LocationRow[],
): PsaAccountMappingRow => ({
  clientId: client.clientId,
  clientName: client.clientName,
  companyId: client.companyId,
  companyName: client.companyName,
  productMappingId: client.productMappingId,
  productMappingName: client.productMappingName,
  configurationTypeMappingId: client.configurationTypeMappingId,
  configurationTypeMappingName: client.configurationTypeMappingName,
  syncError: client.syncError,
  lastSyncTime: client.lastSyncAt?.toISOString() ?? null,
  locationSiteMappings: locations
    .filter((location) => location.organizationId === client.clientId)
    .map((location) => ({
      locationId: location.locationId,
      locationName: location.locationName,
      agreementId: location.agreementId,
      agreementName: location.agreementName,
      psaSiteId: location.psaSiteId,
      psaSiteName: location.psaSiteName,
      productMappingId: location.productMappingId,
      productMappingName: location.productMappingName,
      productMappingType: location.productMappingId === null ? DEFAULT_PRODUCT_MAPPING_TYPE : 'CUSTOM',
      configurationTypeMappingId: location.configurationTypeMappingId,
      configurationTypeMappingName: location.configurationTypeMappingName,
      mapped: location.psaSiteId !== null,
    })),
});

const rowsOf = async (db: Db, clients: repo.ClientRow[]) => {
  const locations = await repo.findLocations(
    db,
    clients.map((client) => client.clientId),
  );
  return clients.map((client) => toMappingRow(client, locations));
};

export const listMappings = async ({
  db,
  actor,
  query,
}: {
  db: Db;
  actor: Actor;
  query: z.output<typeof ListPsaMappingsQuery>;
}): Promise<ListPsaMappingsResponse> => {
  const filter = { scope: actor.scope, search: query.search, state: query.state };
  const [clients, total] = await Promise.all([
    repo.findClients(db, filter, query),
    repo.countClients(db, filter),
  ]);
  return { data: await rowsOf(db, clients), count: total, page: query.page, pageSize: query.pageSize };
};

export const getMapping = async ({ db, actor, clientId }: { db: Db; actor: Actor; clientId: number }) => {
  if (!scopeAllows(actor.scope, clientId)) throw psaError('PSA_NOT_FOUND', 'CLIENT_NOT_FOUND');
  const [client] = await repo.findClients(db, { scope: actor.scope, ids: [clientId] });
  if (!client) throw psaError('PSA_NOT_FOUND', 'CLIENT_NOT_FOUND');
  return (await rowsOf(db, [client]))[0]!;
};

const mappingActivity = (actor: Actor, action: string, mapping: PsaAccountMapping, detail: string) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'organization',
  targetId: mapping.clientId,
  targetName: mapping.clientName,
  organizationId: mapping.clientId,
  organizationName: mapping.clientName,
  outcome: 'SUCCESS' as const,
  detail,
});

/** The company as ConnectWise has it now (cached): its name, or 400 when it is gone. */
const companyOf = async (context: Context, companyId: number) => {
  const { client } = await connectedClient(context);
  try {
    return await context.cache.read(`company:${companyId}`, () => client.company(companyId));
  } catch (error) {
    if (error instanceof ConnectWiseError && error.kind === 'NOT_FOUND')
      throw psaError('PSA_INVALID_REFERENCE', 'COMPANY_NOT_FOUND');
    throw upstreamError(psaFailureMessages.companies, error);
  }
};

/** Spec §4: an override equal to the client default is the default (CLIENT_DEFAULT). */
const overrideOf = (value: number | null, clientDefault: number | null) =>
  value !== null && value === clientDefault ? null : value;

/** The dialog's save, checked against ConnectWise and our mappings, in one transaction. */
export const saveMapping = async (
  context: Context & { clientId: number; input: SavePsaMappingRequest },
): Promise<PsaAccountMappingRow> => {
  const { db, actor, clientId, input, now = new Date() } = context;
  const current = await getMapping({ db, actor, clientId });
  const company = await companyOf(context, input.companyId);
  const locationIds = new Set(current.locationSiteMappings.map((location) => location.locationId));
  const needsSites = input.locationSiteMappings.some((location) => location.psaSiteId !== null);
  const needsAgreements = input.locationSiteMappings.some((location) => location.agreementId !== null);
  const sites = needsSites
    ? new Map(
        (await listCompanySites(context, company.id)).companySiteList.map((site) => [site.id, site.name]),
      )
    : new Map<number, string>();
  const agreements = needsAgreements
    ? new Map((await listAgreements(context, company.id)).agreementList.map((a) => [a.id, a.name]))
    : new Map<number, string>();
  const productIds = new Set((await listProductMappings(db)).map((m) => m.id));
  const configurationTypeIds = new Set((await listConfigurationTypeMappings(db)).map((m) => m.id));
  const checkProduct = (id: number | null) => {
    if (id !== null && !productIds.has(id))
      throw psaError('PSA_INVALID_REFERENCE', 'PRODUCT_MAPPING_NOT_FOUND');
    return id;
  };
  const checkConfigurationType = (id: number | null) => {
    if (id !== null && !configurationTypeIds.has(id))
      throw psaError('PSA_INVALID_REFERENCE', 'CONFIGURATION_TYPE_MAPPING_NOT_FOUND');
    return id;
  };
  const productMappingId = checkProduct(input.productMappingId);
  const configurationTypeMappingId = checkConfigurationType(input.configurationTypeMappingId);
  const seen = new Set<number>();
  const locationRows = input.locationSiteMappings.flatMap((location): repo.LocationMappingValues[] => {
    if (!locationIds.has(location.locationId) || seen.has(location.locationId))
      throw psaError('PSA_INVALID_REFERENCE', 'LOCATION_NOT_FOUND');
    seen.add(location.locationId);
    if (location.psaSiteId !== null && !sites.has(location.psaSiteId))
      throw psaError('PSA_INVALID_REFERENCE', 'SITE_NOT_FOUND');
    if (location.agreementId !== null && !agreements.has(location.agreementId))
      throw psaError('PSA_INVALID_REFERENCE', 'AGREEMENT_NOT_FOUND');
    const row = {
      locationId: location.locationId,
      psaSiteId: location.psaSiteId,
      psaSiteName: location.psaSiteId === null ? null : sites.get(location.psaSiteId)!,
      agreementId: location.agreementId,
      agreementName: location.agreementId === null ? null : agreements.get(location.agreementId)!,
      productMappingId: overrideOf(checkProduct(location.productMappingId), productMappingId),
      configurationTypeMappingId: overrideOf(
        checkConfigurationType(location.configurationTypeMappingId),
        configurationTypeMappingId,
      ),
    };
    const isEmpty =
      row.psaSiteId === null &&
      row.agreementId === null &&
      row.productMappingId === null &&
      row.configurationTypeMappingId === null;
    return isEmpty ? [] : [row];
  });
  await db.transaction(async (tx) => {
    await repo.lockMapping(tx, clientId);
    await repo.upsertAccountMapping(
      tx,
      clientId,
      { companyId: company.id, companyName: company.name, productMappingId, configurationTypeMappingId },
      now,
    );
    await repo.replaceLocationMappings(tx, clientId, locationRows, now);
    await insertActivity(
      tx,
      mappingActivity(
        actor,
        'psa.mapping.save',
        current,
        `Mapped to ConnectWise company ${company.name} (id ${company.id}); ${locationRows.filter((r) => r.psaSiteId !== null).length} location(s) mapped to sites`,
      ),
    );
  });
  return getMapping({ db, actor, clientId });
};

/** Spec §4: clearing resets company, product and configuration-type fields and every location mapping. */
export const clearMapping = async ({
  db,
  actor,
  clientId,
}: {
  db: Db;
  actor: Actor;
  clientId: number;
}): Promise<PsaAccountMappingRow> => {
  const current = await getMapping({ db, actor, clientId });
  await db.transaction(async (tx) => {
    await repo.lockMapping(tx, clientId);
    const deleted = await repo.deleteMapping(tx, clientId);
    if (deleted)
      await insertActivity(
        tx,
        mappingActivity(actor, 'psa.mapping.clear', current, `Mapping to ${deleted.companyName} cleared`),
      );
  });
  return getMapping({ db, actor, clientId });
};

/** The unmapped organizations of the caller's scope whose name equals exactly one listed company's. */
const autoMapMatches = async (context: Context) => {
  const companies = (await listCompanies(context, {}, { failure: psaFailureMessages.autoMap })).companyList;
  const clients = await repo.findClients(context.db, { scope: context.actor.scope, state: 'UNMAPPED' });
  const mappings = clients.map((client) => toMappingRow(client, []));
  return findAutoMapMatches(mappings, companies);
};

export const previewAutoMap = async (context: Context): Promise<PsaAutoMapPreviewResponse> => ({
  matches: await autoMapMatches(context),
});

/**
 * Maps the confirmed matches that still hold, each in a transaction of its own: one already mapped meanwhile,
 * or whose names no longer match, is skipped and said so.
 */
export const applyAutoMap = async (
  context: Context & { request: PsaAutoMapRequest },
): Promise<PsaAutoMapResponse> => {
  const { db, actor, request } = context;
  const matches = new Map((await autoMapMatches(context)).map((match) => [match.clientId, match]));
  const mapped: PsaAutoMapResponse['mapped'] = [];
  const skipped: PsaAutoMapResponse['skipped'] = [];
  for (const confirmed of request.matches) {
    const match = matches.get(confirmed.clientId);
    if (!match || match.companyId !== confirmed.companyId) {
      skipped.push({
        clientId: confirmed.clientId,
        reason: 'No longer an unmapped organization whose name equals this company’s.',
      });
      continue;
    }
    const isInserted = await db.transaction(async (tx) => {
      const inserted = await repo.insertAccountMappingIfAbsent(tx, match.clientId, {
        companyId: match.companyId,
        companyName: match.companyName,
        productMappingId: null,
        configurationTypeMappingId: null,
      });
      if (inserted)
        await insertActivity(tx, {
          actorId: actor.id,
          actorName: actor.email,
          action: 'psa.mapping.autoMap',
          targetType: 'organization',
          targetId: match.clientId,
          targetName: match.clientName,
          organizationId: match.clientId,
          organizationName: match.clientName,
          outcome: 'SUCCESS',
          detail: `Auto-mapped to ConnectWise company ${match.companyName} (id ${match.companyId})`,
        });
      return inserted;
    });
    if (isInserted) mapped.push(match);
    else skipped.push({ clientId: match.clientId, reason: 'Mapped meanwhile.' });
  }
  return { mapped, skipped };
};
