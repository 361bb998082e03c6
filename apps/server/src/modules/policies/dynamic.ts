import type {
  DynamicPolicy,
  DynamicPolicyInput,
  ListDynamicPoliciesQuery,
  ListDynamicPoliciesResponse,
  UpdateDynamicPolicyRequest,
} from '@rmm/domain';
import type { z } from 'zod';
import { CONDITIONS_CHANGED_SUBJECT } from '../../bus/subjects.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { insertActivities } from '../activities/repository.ts';
import { isUniqueViolation } from '../scripts/errors.ts';
import { policyError } from './errors.ts';
import * as repo from './repository.ts';
import { type ChangeContext, type Context, policyActivity, requirePolicy } from './service.ts';

/**
 * Dynamic policies: a policy's conditions layered on the devices saved-search criteria match, in their order.
 * Their criteria can match any device, so every change asks the engine to check all of them (`{all: true}`).
 */

type Input = z.output<typeof DynamicPolicyInput>;

const toDynamicPolicy = (row: repo.DynamicPolicyRow, deviceCount: number): DynamicPolicy => ({
  id: row.id,
  name: row.name,
  description: row.description,
  enabled: row.enabled,
  criteria: row.criteria,
  policyId: row.policyId,
  policyName: row.policyName,
  order: row.order,
  deviceCount,
  version: row.version,
  createTime: new Date(row.createdAt).toISOString(),
  updateTime: new Date(row.updatedAt).toISOString(),
});

const withCount = async (db: DbOrTx, actor: Actor, row: repo.DynamicPolicyRow) =>
  toDynamicPolicy(row, await repo.countMatchingDevices(db, actor.scope, row.criteria));

export const listDynamicPolicies = async ({
  db,
  actor,
  query,
}: Context & { query: ListDynamicPoliciesQuery }): Promise<ListDynamicPoliciesResponse> => {
  const { rows, count } = await repo.listDynamicPolicies(db, query);
  const data: DynamicPolicy[] = [];
  for (const row of rows) data.push(await withCount(db, actor, row));
  return { data, count, page: query.page, pageSize: query.pageSize };
};

const requireDynamicPolicy = async (db: DbOrTx, id: number) => {
  const row = await repo.findDynamicPolicy(db, id);
  if (!row) throw policyError('DYNAMIC_POLICY_NOT_FOUND');
  return row;
};

export const getDynamicPolicy = async ({ db, actor, id }: Context & { id: number }) =>
  withCount(db, actor, await requireDynamicPolicy(db, id));

const validate = async (db: DbOrTx, input: Input, exceptId?: number) => {
  if (await repo.findDynamicPolicyNamed(db, input.name, exceptId))
    throw policyError('DYNAMIC_POLICY_NAME_TAKEN');
  await requirePolicy(db, input.policyId);
};

const nameTakenOnRace = (error: unknown): never => {
  throw isUniqueViolation(error) ? policyError('DYNAMIC_POLICY_NAME_TAKEN') : error;
};

const values = (input: Input): repo.DynamicPolicyValues => ({
  name: input.name,
  description: input.description,
  enabled: input.enabled,
  criteria: input.criteria,
  policyId: input.policyId,
  order: input.order,
});

const publishAll = (bus: ChangeContext['bus']) => bus.publish(CONDITIONS_CHANGED_SUBJECT, { all: true });

export const createDynamicPolicy = async ({ db, bus, actor, input }: ChangeContext & { input: Input }) => {
  await validate(db, input);
  const id = await db
    .transaction(async (tx) => {
      const newId = await repo.insertDynamicPolicy(tx, values(input));
      await insertActivities(tx, [
        policyActivity(
          actor,
          'dynamicPolicy.create',
          { id: newId, name: input.name },
          undefined,
          'dynamicPolicy',
        ),
      ]);
      return newId;
    })
    .catch(nameTakenOnRace);
  publishAll(bus);
  return getDynamicPolicy({ db, actor, id });
};

export const updateDynamicPolicy = async ({
  db,
  bus,
  actor,
  id,
  input,
}: ChangeContext & { id: number; input: z.output<typeof UpdateDynamicPolicyRequest> }) => {
  const before = await requireDynamicPolicy(db, id);
  if (before.version !== input.version) throw policyError('DYNAMIC_POLICY_VERSION_CONFLICT');
  await validate(db, input.dynamicPolicy, id);
  await db
    .transaction(async (tx) => {
      if (!(await repo.updateDynamicPolicyAtVersion(tx, id, input.version, values(input.dynamicPolicy))))
        throw policyError('DYNAMIC_POLICY_VERSION_CONFLICT');
      const detail = input.dynamicPolicy.name !== before.name ? `renamed from "${before.name}"` : undefined;
      await insertActivities(tx, [
        policyActivity(
          actor,
          'dynamicPolicy.update',
          { id, name: input.dynamicPolicy.name },
          detail,
          'dynamicPolicy',
        ),
      ]);
    })
    .catch(nameTakenOnRace);
  publishAll(bus);
  return getDynamicPolicy({ db, actor, id });
};

export const deleteDynamicPolicy = async ({ db, bus, actor, id }: ChangeContext & { id: number }) => {
  const row = await requireDynamicPolicy(db, id);
  await db.transaction(async (tx) => {
    await repo.deleteDynamicPolicy(tx, id);
    await insertActivities(tx, [
      policyActivity(actor, 'dynamicPolicy.delete', row, undefined, 'dynamicPolicy'),
    ]);
  });
  publishAll(bus);
};
