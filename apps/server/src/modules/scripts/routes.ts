import {
  CopyTemplateRequest,
  IdParam,
  ListScriptsQuery,
  ListScriptsResponse,
  ListScriptTemplatesResponse,
  ListScriptVersionsResponse,
  OkResponse,
  SaveScriptRequest,
  ScriptResponse,
  ScriptTemplateResponse,
  ScriptVersionParam,
  ScriptVersionResponse,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import * as service from './service.ts';

const tags = ['scripts'];

/** The script library (MSP-wide): scripts, their versions, and the read-only templates shipped with it. */
export const scriptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/scripts',
    {
      config: { access: 'scripts.view' },
      schema: {
        tags,
        summary: 'Library scripts (search, category, language and operating system filters; paged)',
        querystring: ListScriptsQuery,
        response: { 200: ListScriptsResponse },
      },
    },
    async (request) => service.listScripts({ db: app.db, query: request.query }),
  );

  app.post(
    '/scripts',
    {
      config: { access: 'scripts.manage', activity: 'script.create' },
      schema: {
        tags,
        summary: 'Add a script to the library (its version 1)',
        body: SaveScriptRequest,
        response: { 201: ScriptResponse },
      },
    },
    async (request, reply) => {
      const script = await service.createScript({ db: app.db, actor: actorOf(request), input: request.body });
      return reply.code(201).send({ script });
    },
  );

  app.get(
    '/scripts/templates',
    {
      config: { access: 'scripts.view' },
      schema: {
        tags,
        summary: 'The read-only template scripts shipped with the product',
        response: { 200: ListScriptTemplatesResponse },
      },
    },
    async () => ({ templates: service.listTemplates() }),
  );

  app.get(
    '/scripts/templates/:id',
    {
      config: { access: 'scripts.view' },
      schema: {
        tags,
        summary: 'One template script',
        params: IdParam,
        response: { 200: ScriptTemplateResponse },
      },
    },
    async (request) => ({ template: service.getTemplate(request.params.id) }),
  );

  app.post(
    '/scripts/templates/:id/copy',
    {
      config: { access: 'scripts.manage', activity: 'script.create' },
      schema: {
        tags,
        summary: 'A new library script from a template (without a name: the template\'s, or "Name (2)"...)',
        params: IdParam,
        body: CopyTemplateRequest,
        response: { 201: ScriptResponse },
      },
    },
    async (request, reply) => {
      const script = await service.copyTemplate({
        db: app.db,
        actor: actorOf(request),
        id: request.params.id,
        input: request.body,
      });
      return reply.code(201).send({ script });
    },
  );

  app.get(
    '/scripts/:id',
    {
      config: { access: 'scripts.view' },
      schema: {
        tags,
        summary: 'A script with its newest version',
        params: IdParam,
        response: { 200: ScriptResponse },
      },
    },
    async (request) => ({ script: await service.getScript({ db: app.db, id: request.params.id }) }),
  );

  app.put(
    '/scripts/:id',
    {
      config: { access: 'scripts.manage', activity: 'script.update' },
      schema: {
        tags,
        summary: 'Save a script: a change of code, parameters, language, run-as or timeout adds a version',
        params: IdParam,
        body: SaveScriptRequest,
        response: { 200: ScriptResponse },
      },
    },
    async (request) => ({
      script: await service.updateScript({
        db: app.db,
        actor: actorOf(request),
        id: request.params.id,
        input: request.body,
      }),
    }),
  );

  app.delete(
    '/scripts/:id',
    {
      config: { access: 'scripts.manage', activity: 'script.delete' },
      schema: {
        tags,
        summary: 'Delete a script and its versions (refused while a scheduled task uses it)',
        params: IdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await service.deleteScript({ db: app.db, actor: actorOf(request), id: request.params.id });
      return { ok: true as const };
    },
  );

  app.get(
    '/scripts/:id/versions',
    {
      config: { access: 'scripts.view' },
      schema: {
        tags,
        summary: "A script's versions, newest first",
        params: IdParam,
        response: { 200: ListScriptVersionsResponse },
      },
    },
    async (request) => ({ versions: await service.listVersions({ db: app.db, id: request.params.id }) }),
  );

  app.get(
    '/scripts/:id/versions/:version',
    {
      config: { access: 'scripts.view' },
      schema: {
        tags,
        summary: 'One version of a script in full (what a job of that version ran)',
        params: ScriptVersionParam,
        response: { 200: ScriptVersionResponse },
      },
    },
    async (request) => ({
      version: await service.getVersion({
        db: app.db,
        id: request.params.id,
        version: request.params.version,
      }),
    }),
  );
};
