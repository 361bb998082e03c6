import type { CreateOrganizationRequest, Organization, UpdateOrganizationRequest } from '@rmm/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { conflict, DomainError, forbidden, notFound } from '../../lib/errors.ts';
import { scopeAllows } from '../../lib/scope.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import * as repo from './repository.ts';

type Create = z.output<typeof CreateOrganizationRequest>;
type Update = z.output<typeof UpdateOrganizationRequest>;
type Options<T> = { db: Db; actor: Actor; input: T };

const ORGANIZATION_NOT_FOUND = 'Organization not found.';

const activity = (
  actor: Actor,
  action: string,
  organization: { id: number; name: string },
  detail?: string,
) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'organization',
  targetId: organization.id,
  targetName: organization.name,
  organizationId: organization.id,
  organizationName: organization.name,
  outcome: 'SUCCESS' as const,
  detail: detail ?? null,
});

/**
 * Refuses an organization id that does not exist or lies outside the caller's organizations, with one and
 * the same 404: another organization's ids are not confirmed to exist. For objects created in one.
 */
export const requireOrganizationInScope = async (db: DbOrTx, actor: Actor, organizationId: number) => {
  const exists = (await repo.existingOrganizationIds(db, [organizationId])).has(organizationId);
  if (!exists || !scopeAllows(actor.scope, organizationId)) throw notFound(ORGANIZATION_NOT_FOUND);
};

export const getOrganization = async ({
  db,
  actor,
  id,
}: {
  db: Db;
  actor: Actor;
  id: number;
}): Promise<Organization> => {
  const organization = await repo.findOrganization(db, actor.scope, id);
  if (!organization) throw notFound(ORGANIZATION_NOT_FOUND);
  return organization;
};

export const createOrganization = async ({ db, actor, input }: Options<Create>): Promise<Organization> => {
  // An organization outside the creator's scope would vanish for them: only all-organization users create.
  if (actor.scope !== 'all') throw forbidden();
  const id = await db.transaction(async (tx) => {
    const newId = await repo.insertOrganization(tx, {
      name: input.name,
      description: input.description,
      nodeApprovalMode: input.nodeApprovalMode,
    });
    await repo.replaceLocations(
      tx,
      newId,
      input.locations.map((l) => ({ ...l, id: undefined })),
    );
    await insertActivity(tx, activity(actor, 'organization.create', { id: newId, name: input.name }));
    return newId;
  });
  return getOrganization({ db, actor, id });
};

export const updateOrganization = async ({ db, actor, input, id }: Options<Update> & { id: number }) => {
  const before = await getOrganization({ db, actor, id });
  const knownLocationIds = new Set(before.locations.map((l) => l.id));
  const foreign = input.locations?.find((l) => l.id !== undefined && !knownLocationIds.has(l.id));
  if (foreign)
    throw new DomainError(
      'VALIDATION_FAILED',
      `locations: location ${foreign.id} does not belong to this organization`,
    );
  await db.transaction(async (tx) => {
    const { locations, ...fields } = input;
    await repo.updateOrganizationRow(tx, id, fields);
    if (locations) await repo.replaceLocations(tx, id, locations);
    const changed = Object.keys(input).join(', ');
    await insertActivity(
      tx,
      activity(actor, 'organization.update', { id, name: input.name ?? before.name }, `changed ${changed}`),
    );
  });
  return getOrganization({ db, actor, id });
};

export const deleteOrganization = async ({ db, actor, id }: { db: Db; actor: Actor; id: number }) => {
  const organization = await getOrganization({ db, actor, id });
  await db.transaction(async (tx) => {
    const deviceCount = await repo.countDevicesOfOrganization(tx, id);
    if (deviceCount > 0) {
      throw conflict(`This organization still has ${deviceCount} device(s). Move or remove them first.`);
    }
    await repo.deleteOrganizationRow(tx, id);
    await insertActivity(tx, activity(actor, 'organization.delete', organization));
  });
};
