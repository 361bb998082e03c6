import {
  CreateCredentialRequest,
  Credential,
  CredentialIdParam,
  IdParam,
  ListCredentialsResponse,
  OkResponse,
  UpdateCredentialRequest,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import * as service from './service.ts';

const tags = ['credentials'];

/** Organization credentials (spec §7: `GET /credential/organization/{id}/list` answers resultCode and credentials). */
export const credentialRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/credential/organization/:id/list',
    {
      config: { access: 'credentials.view' },
      schema: {
        tags,
        summary: "An organization's credentials (never their passwords)",
        params: IdParam,
        response: { 200: ListCredentialsResponse },
      },
    },
    async (request) => ({
      resultCode: 'SUCCESS' as const,
      credentials: await service.listCredentials({
        db: app.db,
        actor: actorOf(request),
        organizationId: request.params.id,
      }),
    }),
  );

  app.post(
    '/credential/organization/:id',
    {
      config: { access: 'credentials.manage', activity: 'credential.create' },
      schema: {
        tags,
        summary: 'Add a credential to an organization (the password is stored encrypted)',
        params: IdParam,
        body: CreateCredentialRequest,
        response: { 201: Credential },
      },
    },
    async (request, reply) => {
      const credential = await service.createCredential({
        db: app.db,
        actor: actorOf(request),
        secretKey: app.secretKey,
        organizationId: request.params.id,
        input: request.body,
      });
      return reply.code(201).send(credential);
    },
  );

  app.put(
    '/credential/:credentialId',
    {
      config: { access: 'credentials.manage', activity: 'credential.update' },
      schema: {
        tags,
        summary: 'Change a credential (without a password, the stored one is kept)',
        params: CredentialIdParam,
        body: UpdateCredentialRequest,
        response: { 200: Credential },
      },
    },
    async (request) =>
      service.updateCredential({
        db: app.db,
        actor: actorOf(request),
        secretKey: app.secretKey,
        id: request.params.credentialId,
        input: request.body,
      }),
  );

  app.delete(
    '/credential/:credentialId',
    {
      config: { access: 'credentials.manage', activity: 'credential.delete' },
      schema: {
        tags,
        summary: 'Delete a credential',
        params: CredentialIdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await service.deleteCredential({
        db: app.db,
        actor: actorOf(request),
        id: request.params.credentialId,
      });
      return { ok: true as const };
    },
  );
};
