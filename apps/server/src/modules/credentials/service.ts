import type {
  CreateCredentialRequest,
  Credential,
  CredentialKind,
  UpdateCredentialRequest,
} from '@rmm/domain';
import { credentialKindLabels } from '@rmm/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { encryptSecret } from '../../lib/crypto.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { requireOrganizationInScope } from '../organizations/service.ts';
import * as repo from './repository.ts';

/**
 * Organization credentials: listed and changed within the caller's organizations (another organization's
 * answers 404, as a missing one), the password encrypted at rest and never answered or logged.
 */

type Context = { db: Db; actor: Actor; secretKey: Buffer };
type Row = NonNullable<Awaited<ReturnType<typeof repo.findCredential>>>;

const toCredential = (row: Row): Credential => ({
  id: row.id,
  organizationId: row.organizationId,
  name: row.name,
  kind: row.kind as CredentialKind,
  username: row.username,
  domain: row.domain,
  preferred: row.preferred,
  hasPassword: true,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const activity = (
  actor: Actor,
  action: string,
  credential: { id: number; name: string; kind: string; organizationId: number },
) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'credential',
  targetId: credential.id,
  targetName: credential.name,
  organizationId: credential.organizationId,
  outcome: 'SUCCESS' as const,
  // Never the password; the kind says what the credential is for.
  detail: credentialKindLabels[credential.kind as CredentialKind] ?? credential.kind,
});

export const listCredentials = async ({
  db,
  actor,
  organizationId,
}: Omit<Context, 'secretKey'> & { organizationId: number }) => {
  await requireOrganizationInScope(db, actor, organizationId);
  return (await repo.listCredentials(db, organizationId)).map(toCredential);
};

const getCredential = async (db: DbOrTx, actor: Actor, id: number) => {
  const row = await repo.findCredential(db, actor.scope, id);
  if (!row) throw notFound('Credential not found.');
  return row;
};

export const createCredential = async ({
  db,
  actor,
  secretKey,
  organizationId,
  input,
}: Context & { organizationId: number; input: z.output<typeof CreateCredentialRequest> }) => {
  await requireOrganizationInScope(db, actor, organizationId);
  const id = await db.transaction(async (tx) => {
    if (input.preferred) await repo.clearPreferred(tx, organizationId, input.kind);
    const newId = await repo.insertCredential(tx, {
      organizationId,
      name: input.name,
      kind: input.kind,
      username: input.username,
      domain: input.domain,
      preferred: input.preferred,
      passwordEncrypted: encryptSecret(secretKey, input.password),
    });
    await insertActivity(tx, activity(actor, 'credential.create', { ...input, id: newId, organizationId }));
    return newId;
  });
  return toCredential(await getCredential(db, actor, id));
};

export const updateCredential = async ({
  db,
  actor,
  secretKey,
  id,
  input,
}: Context & { id: number; input: z.output<typeof UpdateCredentialRequest> }) => {
  const before = await getCredential(db, actor, id);
  await db.transaction(async (tx) => {
    if (input.preferred) await repo.clearPreferred(tx, before.organizationId, input.kind, id);
    await repo.updateCredential(tx, id, {
      name: input.name,
      kind: input.kind,
      username: input.username,
      domain: input.domain,
      preferred: input.preferred,
      ...(input.password === undefined
        ? {}
        : { passwordEncrypted: encryptSecret(secretKey, input.password) }),
    });
    await insertActivity(tx, {
      ...activity(actor, 'credential.update', { ...input, id, organizationId: before.organizationId }),
      detail: `${credentialKindLabels[input.kind]}${input.password === undefined ? '' : '; password changed'}`,
    });
  });
  return toCredential(await getCredential(db, actor, id));
};

export const deleteCredential = async ({ db, actor, id }: Omit<Context, 'secretKey'> & { id: number }) => {
  const before = await getCredential(db, actor, id);
  await db.transaction(async (tx) => {
    await repo.deleteCredential(tx, id);
    await insertActivity(tx, activity(actor, 'credential.delete', before));
  });
};
