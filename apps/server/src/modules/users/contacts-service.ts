import type { Contact, ContactInput } from '@rmm/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { requireOrganizationInScope } from '../organizations/service.ts';
import * as repo from './repository.ts';

/** Contacts: people of an organization who never sign in; each lives within its organization's scope. */

type Input = z.output<typeof ContactInput>;
type Context = { db: Db; actor: Actor };

const CONTACT_NOT_FOUND = 'Contact not found.';

const toContact = ({
  contact,
  organizationName,
}: NonNullable<Awaited<ReturnType<typeof repo.findContact>>>): Contact => ({
  id: contact.id,
  organizationId: contact.organizationId,
  organizationName,
  name: contact.name,
  email: contact.email,
  phone: contact.phone,
  jobTitle: contact.jobTitle,
  createdAt: contact.createdAt.toISOString(),
});

export const getContact = async (db: DbOrTx, actor: Actor, id: number) => {
  const row = await repo.findContact(db, actor.scope, id);
  if (!row) throw notFound(CONTACT_NOT_FOUND);
  return toContact(row);
};

export const listContacts = async (
  db: Db,
  actor: Actor,
  query: { search?: string; organizationId?: number; page: number; pageSize: number },
) => {
  const { rows, count } = await repo.listContacts(db, actor.scope, query);
  return { data: rows.map(toContact), count, page: query.page, pageSize: query.pageSize };
};

const activity = (
  actor: Actor,
  action: string,
  contact: { id: number; name: string; organizationId: number },
) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'contact',
  targetId: contact.id,
  targetName: contact.name,
  organizationId: contact.organizationId,
  outcome: 'SUCCESS' as const,
});

export const createContact = async ({ db, actor, input }: Context & { input: Input }) => {
  await requireOrganizationInScope(db, actor, input.organizationId);
  const id = await db.transaction(async (tx) => {
    const newId = await repo.insertContact(tx, input);
    await insertActivity(tx, activity(actor, 'contact.create', { ...input, id: newId }));
    return newId;
  });
  return getContact(db, actor, id);
};

export const updateContact = async ({ db, actor, id, input }: Context & { id: number; input: Input }) => {
  await getContact(db, actor, id);
  await requireOrganizationInScope(db, actor, input.organizationId);
  await db.transaction(async (tx) => {
    await repo.updateContact(tx, id, input);
    await insertActivity(tx, activity(actor, 'contact.update', { ...input, id }));
  });
  return getContact(db, actor, id);
};

export const deleteContact = async ({ db, actor, id }: Context & { id: number }) => {
  const contact = await getContact(db, actor, id);
  await db.transaction(async (tx) => {
    await repo.deleteContact(tx, id);
    await insertActivity(tx, activity(actor, 'contact.delete', contact));
  });
};
