import {
  type PsaAgreementListResponse,
  type PsaCatalogResponse,
  type PsaCompanyFilterMap,
  type PsaCompanyListResponse,
  type PsaCompanyRecord,
  type PsaCompanySiteListResponse,
  type PsaConfigurationStatusesResponse,
  type PsaConfigurationTypesResponse,
  psaFailureMessages,
} from '@rmm/domain';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { PsaCache } from './cache.ts';
import { connectedClient } from './connection-service.ts';
import { cwAnd, cwContainsPattern, cwEquals, cwIn, cwLike } from './connectwise-conditions.ts';
import type { CwCompany } from './connectwise-schemas.ts';
import { upstreamError } from './errors.ts';

/**
 * What the console reads from ConnectWise: spec §7's company list and company sites, and the agreements,
 * catalog and configuration types and statuses beside them. Each read is cached (PSA_CACHE_SECONDS) by what
 * was asked; `refresh` reads ConnectWise again. A failure answers 502 with the spec §8 text of what was read.
 */

export type ListsContext = { db: DbOrTx; secretKey: Buffer; config: Config; cache: PsaCache };

const sorted = (values: readonly string[]) => [...new Set(values)].sort((a, b) => a.localeCompare(b));

/** Reads through the cache; a failure becomes the 502 with `what`'s text. */
const cached = async <T>(
  context: ListsContext,
  key: string,
  what: string,
  load: (client: Awaited<ReturnType<typeof connectedClient>>['client']) => Promise<T>,
  refresh = false,
): Promise<T> => {
  const { client } = await connectedClient(context);
  try {
    return await context.cache.read(key, () => load(client), { refresh });
  } catch (error) {
    throw upstreamError(what, error);
  }
};

export const toCompanyRecord = (company: CwCompany): PsaCompanyRecord => ({
  id: company.id,
  identifier: company.identifier,
  name: company.name,
  status: company.status?.name ?? null,
  types: (company.types ?? []).map((type) => type.name ?? String(type.id)),
});

/** The filter with the settings' criteria for what it leaves out. */
export const companyFilterOf = (
  filter: PsaCompanyFilterMap,
  settings: { companyTypes: string[]; companyStatuses: string[] },
) => ({
  name: filter.name ?? '',
  types: sorted(filter.types ?? settings.companyTypes),
  statuses: sorted(filter.statuses ?? settings.companyStatuses),
});

/** Spec §7 POST /psacw/v2/company/companies: the companies of the criteria, by name. */
export const listCompanies = async (
  context: ListsContext,
  filter: PsaCompanyFilterMap,
  { refresh = false, failure = psaFailureMessages.companies as string } = {},
): Promise<PsaCompanyListResponse> => {
  const { connection } = await connectedClient(context);
  const { name, types, statuses } = companyFilterOf(filter, connection);
  const companies = await cached(
    context,
    `companies:${JSON.stringify([name, types, statuses])}`,
    failure,
    (client) =>
      client.companies({
        conditions: cwAnd(
          cwEquals('deletedFlag', false),
          name && cwLike('name', cwContainsPattern(name)),
          statuses.length > 0 && cwIn('status/name', statuses),
        ),
        childConditions: types.length > 0 ? cwIn('types/name', types) : undefined,
      }),
    refresh,
  );
  return { companyList: companies.map(toCompanyRecord) };
};

/** Spec §7 GET /psacw/v2/company/companies/{id}/sites. */
export const listCompanySites = async (
  context: ListsContext,
  companyId: number,
  { refresh = false } = {},
): Promise<PsaCompanySiteListResponse> => {
  const sites = await cached(
    context,
    `sites:${companyId}`,
    refresh ? psaFailureMessages.refreshSites : psaFailureMessages.sites,
    (client) => client.companySites(companyId),
    refresh,
  );
  return {
    companySiteList: sites.map((site) => ({
      id: site.id,
      name: site.name,
      inactive: site.inactiveFlag === true,
    })),
  };
};

/** The company's agreements that are not cancelled. */
export const listAgreements = async (
  context: ListsContext,
  companyId: number,
  { refresh = false } = {},
): Promise<PsaAgreementListResponse> => {
  const agreements = await cached(
    context,
    `agreements:${companyId}`,
    psaFailureMessages.agreements,
    (client) => client.agreements(companyId),
    refresh,
  );
  return {
    agreementList: agreements
      .filter((agreement) => agreement.cancelledFlag !== true)
      .map((agreement) => ({ id: agreement.id, name: agreement.name })),
  };
};

/** The active products of ConnectWise's catalog (not our billing products). */
export const listCatalog = async (
  context: ListsContext,
  { refresh = false } = {},
): Promise<PsaCatalogResponse> => {
  const items = await cached(
    context,
    'catalog',
    psaFailureMessages.catalog,
    (client) => client.catalogItems(),
    refresh,
  );
  return {
    catalogItemList: items.map((item) => ({
      id: item.id,
      identifier: item.identifier,
      description: item.description ?? '',
    })),
  };
};

export const listConfigurationTypes = async (
  context: ListsContext,
  { refresh = false } = {},
): Promise<PsaConfigurationTypesResponse> => {
  const types = await cached(
    context,
    'configurationTypes',
    psaFailureMessages.configurationTypes,
    (client) => client.configurationTypes(),
    refresh,
  );
  return { configurationTypeList: types.map((type) => ({ id: type.id, name: type.name })) };
};

export const listConfigurationStatuses = async (
  context: ListsContext,
  { refresh = false } = {},
): Promise<PsaConfigurationStatusesResponse> => {
  const statuses = await cached(
    context,
    'configurationStatuses',
    psaFailureMessages.configurationStatuses,
    (client) => client.configurationStatuses(),
    refresh,
  );
  return { configurationStatusList: statuses.map((status) => ({ id: status.id, name: status.description })) };
};
