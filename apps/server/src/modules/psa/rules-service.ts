import {
  DEVICE_GROUP_SEARCH_GROUP,
  findNodeRole,
  hasDuplicateRuleTargets,
  type PsaConfigurationTypeMapping,
  type PsaConfigurationTypeMappingInput,
  type PsaProductMapping,
  type PsaProductMappingInput,
  psaMessages,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { DomainError } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { isUniqueViolation } from '../scripts/errors.ts';
import { findSavedSearch } from '../searches/repository.ts';
import { requireAllOrganizations } from './connection-service.ts';
import { psaError } from './errors.ts';
import {
  type ListsContext,
  listCatalog,
  listConfigurationStatuses,
  listConfigurationTypes,
} from './lists-service.ts';
import * as repo from './rules-repository.ts';

/**
 * Product mappings (device role and group → a catalog product billed on the location's agreement) and
 * configuration-type mappings (device role and group → a configuration type, with the statuses a configuration
 * gets when its device appears and goes). Both are installation-wide: changed by technicians who see every
 * organization; a mapping in use cannot be deleted. Catalog items, types and statuses are checked against
 * ConnectWise and stored with their names.
 */

type Context = ListsContext & { db: Db; actor: Actor; now?: Date };
type ProductInput = z.output<typeof PsaProductMappingInput>;
type ConfigurationTypeInput = z.output<typeof PsaConfigurationTypeMappingInput>;

const invalid = (code: keyof typeof psaMessages) => psaError('PSA_INVALID_REFERENCE', code);

export const toProductMapping = (row: repo.ProductMappingRow): PsaProductMapping => ({
  id: row.id,
  name: row.name,
  rules: row.rules.map((rule) => ({
    nodeRoleId: rule.nodeRoleId,
    groupId: rule.groupId,
    catalogItemId: rule.catalogItemId,
    catalogItemIdentifier: rule.catalogItemIdentifier,
    catalogItemDescription: rule.catalogItemDescription,
  })),
  clientCount: row.clientCount,
  updateTime: row.updatedAt.toISOString(),
});

export const toConfigurationTypeMapping = (
  row: repo.ConfigurationTypeMappingRow,
): PsaConfigurationTypeMapping => ({
  id: row.id,
  name: row.name,
  statusOnCreateId: row.statusOnCreateId,
  statusOnCreateName: row.statusOnCreateName,
  statusOnDeleteId: row.statusOnDeleteId,
  statusOnDeleteName: row.statusOnDeleteName,
  rules: row.rules.map((rule) => ({
    nodeRoleId: rule.nodeRoleId,
    groupId: rule.groupId,
    configurationTypeId: rule.configurationTypeId,
    configurationTypeName: rule.configurationTypeName,
  })),
  clientCount: row.clientCount,
  updateTime: row.updatedAt.toISOString(),
});

/** Roles are device roles, groups are saved searches of the group kind, each target once. */
const checkTargets = async (db: Db, rules: { nodeRoleId: number; groupId: number | null }[]) => {
  if (hasDuplicateRuleTargets(rules)) throw invalid('DUPLICATE_ROLE');
  for (const rule of rules) {
    if (!findNodeRole(rule.nodeRoleId))
      throw new DomainError('PSA_INVALID_REFERENCE', `Device role ${rule.nodeRoleId} does not exist.`, {
        statusCode: 400,
      });
    if (rule.groupId === null) continue;
    const group = await findSavedSearch(db, rule.groupId);
    if (!group || group.searchGroup !== DEVICE_GROUP_SEARCH_GROUP)
      throw new DomainError('PSA_INVALID_REFERENCE', `Device group ${rule.groupId} does not exist.`, {
        statusCode: 400,
      });
  }
};

const nameTaken = (error: unknown) =>
  isUniqueViolation(error) ? psaError('PSA_NAME_TAKEN', 'MAPPING_NAME_TAKEN') : error;

const activity = (actor: Actor, action: string, id: number, name: string) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'psaMapping',
  targetId: id,
  targetName: name,
  outcome: 'SUCCESS' as const,
});

export const listProductMappings = async ({ db }: { db: Db }) =>
  (await repo.listProductMappings(db)).map(toProductMapping);

export const saveProductMapping = async (
  context: Context & { id?: number; input: ProductInput },
): Promise<PsaProductMapping> => {
  const { db, actor, id, input, now = new Date() } = context;
  requireAllOrganizations(actor);
  await checkTargets(db, input.rules);
  const catalog = new Map((await listCatalog(context)).catalogItemList.map((item) => [item.id, item]));
  const rules = input.rules.map((rule) => {
    const item = catalog.get(rule.catalogItemId);
    if (!item) throw invalid('CATALOG_ITEM_NOT_FOUND');
    return {
      nodeRoleId: rule.nodeRoleId,
      groupId: rule.groupId,
      catalogItemId: item.id,
      catalogItemIdentifier: item.identifier,
      catalogItemDescription: item.description,
    };
  });
  let savedId: number | undefined;
  try {
    savedId = await db.transaction(async (tx) => {
      const saved = await repo.saveProductMapping(tx, id, input.name, rules, now);
      if (saved !== undefined)
        await insertActivity(
          tx,
          activity(actor, id ? 'psa.productMapping.update' : 'psa.productMapping.create', saved, input.name),
        );
      return saved;
    });
  } catch (error) {
    throw nameTaken(error);
  }
  if (savedId === undefined) throw psaError('PSA_NOT_FOUND', 'PRODUCT_MAPPING_NOT_FOUND');
  return toProductMapping((await repo.listProductMappings(db, [savedId]))[0]!);
};

export const listConfigurationTypeMappings = async ({ db }: { db: Db }) =>
  (await repo.listConfigurationTypeMappings(db)).map(toConfigurationTypeMapping);

export const saveConfigurationTypeMapping = async (
  context: Context & { id?: number; input: ConfigurationTypeInput },
): Promise<PsaConfigurationTypeMapping> => {
  const { db, actor, id, input, now = new Date() } = context;
  requireAllOrganizations(actor);
  await checkTargets(db, input.rules);
  const types = new Map((await listConfigurationTypes(context)).configurationTypeList.map((t) => [t.id, t]));
  const statuses = new Map(
    (await listConfigurationStatuses(context)).configurationStatusList.map((s) => [s.id, s]),
  );
  const statusOf = (statusId: number | null) => {
    if (statusId === null) return null;
    const status = statuses.get(statusId);
    if (!status) throw invalid('CONFIGURATION_STATUS_NOT_FOUND');
    return status;
  };
  const onCreate = statusOf(input.statusOnCreateId);
  const onDelete = statusOf(input.statusOnDeleteId);
  const rules = input.rules.map((rule) => {
    const type = types.get(rule.configurationTypeId);
    if (!type) throw invalid('CONFIGURATION_TYPE_NOT_FOUND');
    return {
      nodeRoleId: rule.nodeRoleId,
      groupId: rule.groupId,
      configurationTypeId: type.id,
      configurationTypeName: type.name,
    };
  });
  const values = {
    name: input.name,
    statusOnCreateId: onCreate?.id ?? null,
    statusOnCreateName: onCreate?.name ?? null,
    statusOnDeleteId: onDelete?.id ?? null,
    statusOnDeleteName: onDelete?.name ?? null,
  };
  let savedId: number | undefined;
  try {
    savedId = await db.transaction(async (tx) => {
      const saved = await repo.saveConfigurationTypeMapping(tx, id, values, rules, now);
      if (saved !== undefined)
        await insertActivity(
          tx,
          activity(
            actor,
            id ? 'psa.configurationTypeMapping.update' : 'psa.configurationTypeMapping.create',
            saved,
            input.name,
          ),
        );
      return saved;
    });
  } catch (error) {
    throw nameTaken(error);
  }
  if (savedId === undefined) throw psaError('PSA_NOT_FOUND', 'CONFIGURATION_TYPE_MAPPING_NOT_FOUND');
  return toConfigurationTypeMapping((await repo.listConfigurationTypeMappings(db, [savedId]))[0]!);
};

/** Deletes a mapping no organization uses; 409 naming how many do. */
export const deleteRuleMapping = async ({
  db,
  actor,
  kind,
  id,
}: {
  db: Db;
  actor: Actor;
  kind: 'product' | 'configurationType';
  id: number;
}) => {
  requireAllOrganizations(actor);
  await db.transaction(async (tx) => {
    const users = await repo.mappingUsers(tx, kind, id);
    if (users > 0)
      throw psaError('PSA_MAPPING_IN_USE', {
        text: psaMessages.MAPPING_IN_USE.replace('{clients}', String(users)),
      });
    const deleted =
      kind === 'product'
        ? await repo.deleteProductMapping(tx, id)
        : await repo.deleteConfigurationTypeMapping(tx, id);
    if (!deleted)
      throw psaError(
        'PSA_NOT_FOUND',
        kind === 'product' ? 'PRODUCT_MAPPING_NOT_FOUND' : 'CONFIGURATION_TYPE_MAPPING_NOT_FOUND',
      );
    await insertActivity(
      tx,
      activity(
        actor,
        kind === 'product' ? 'psa.productMapping.delete' : 'psa.configurationTypeMapping.delete',
        id,
        deleted.name,
      ),
    );
  });
  return { ok: true as const };
};
