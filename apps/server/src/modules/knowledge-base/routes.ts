import {
  IdParam,
  KnowledgeBaseArticleResponse,
  KnowledgeBaseFolderResponse,
  ListKnowledgeBaseArticlesQuery,
  ListKnowledgeBaseArticlesResponse,
  ListKnowledgeBaseFoldersResponse,
  OkResponse,
  SaveKnowledgeBaseArticleRequest,
  SaveKnowledgeBaseFolderRequest,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import * as service from './service.ts';

const tags = ['knowledge base'];

/** The MSP's knowledge base: folders and Markdown articles, read within the organization scope. */
export const knowledgeBaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/knowledge-base/folders',
    {
      config: { access: 'knowledgeBase.view' },
      schema: {
        tags,
        summary: 'Every folder (flat, with its parent) and the number of articles in each the caller sees',
        response: { 200: ListKnowledgeBaseFoldersResponse },
      },
    },
    async (request) => ({ folders: await service.listFolders({ db: app.db, actor: actorOf(request) }) }),
  );

  app.post(
    '/knowledge-base/folders',
    {
      config: { access: 'knowledgeBase.manage', activity: 'knowledgeBase.folder.create' },
      schema: {
        tags,
        summary: 'Add a folder (top-level, or in a parent folder)',
        body: SaveKnowledgeBaseFolderRequest,
        response: { 201: KnowledgeBaseFolderResponse },
      },
    },
    async (request, reply) => {
      const folder = await service.createFolder({ db: app.db, actor: actorOf(request), input: request.body });
      return reply.code(201).send({ folder });
    },
  );

  app.put(
    '/knowledge-base/folders/:id',
    {
      config: { access: 'knowledgeBase.manage', activity: 'knowledgeBase.folder.update' },
      schema: {
        tags,
        summary: 'Rename or move a folder (not into itself or below itself)',
        params: IdParam,
        body: SaveKnowledgeBaseFolderRequest,
        response: { 200: KnowledgeBaseFolderResponse },
      },
    },
    async (request) => ({
      folder: await service.updateFolder({
        db: app.db,
        actor: actorOf(request),
        id: request.params.id,
        input: request.body,
      }),
    }),
  );

  app.delete(
    '/knowledge-base/folders/:id',
    {
      config: { access: 'knowledgeBase.manage', activity: 'knowledgeBase.folder.delete' },
      schema: {
        tags,
        summary: 'Delete an empty folder (one with articles or folders is refused)',
        params: IdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await service.deleteFolder({ db: app.db, actor: actorOf(request), id: request.params.id });
      return { ok: true as const };
    },
  );

  app.get(
    '/knowledge-base/articles',
    {
      config: { access: 'knowledgeBase.view' },
      schema: {
        tags,
        summary:
          'Articles the caller sees, by folder or organization, paged; with q a ranked full-text search',
        querystring: ListKnowledgeBaseArticlesQuery,
        response: { 200: ListKnowledgeBaseArticlesResponse },
      },
    },
    async (request) => service.listArticles({ db: app.db, actor: actorOf(request), query: request.query }),
  );

  app.post(
    '/knowledge-base/articles',
    {
      config: { access: 'knowledgeBase.manage', activity: 'knowledgeBase.article.create' },
      schema: {
        tags,
        summary: 'Write an article (MSP-wide, or attached to organizations of the caller’s scope)',
        body: SaveKnowledgeBaseArticleRequest,
        response: { 201: KnowledgeBaseArticleResponse },
      },
    },
    async (request, reply) => {
      const article = await service.createArticle({
        db: app.db,
        actor: actorOf(request),
        input: request.body,
      });
      return reply.code(201).send({ article });
    },
  );

  app.get(
    '/knowledge-base/articles/:id',
    {
      config: { access: 'knowledgeBase.view' },
      schema: {
        tags,
        summary: 'One article with its Markdown body (404 when attached only to organizations outside scope)',
        params: IdParam,
        response: { 200: KnowledgeBaseArticleResponse },
      },
    },
    async (request) => ({
      article: await service.getArticle({ db: app.db, actor: actorOf(request), id: request.params.id }),
    }),
  );

  app.put(
    '/knowledge-base/articles/:id',
    {
      config: { access: 'knowledgeBase.manage', activity: 'knowledgeBase.article.update' },
      schema: {
        tags,
        summary: 'Save an article (organizations outside the caller’s scope stay attached)',
        params: IdParam,
        body: SaveKnowledgeBaseArticleRequest,
        response: { 200: KnowledgeBaseArticleResponse },
      },
    },
    async (request) => ({
      article: await service.updateArticle({
        db: app.db,
        actor: actorOf(request),
        id: request.params.id,
        input: request.body,
      }),
    }),
  );

  app.delete(
    '/knowledge-base/articles/:id',
    {
      config: { access: 'knowledgeBase.manage', activity: 'knowledgeBase.article.delete' },
      schema: {
        tags,
        summary: 'Delete an article',
        params: IdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await service.deleteArticle({ db: app.db, actor: actorOf(request), id: request.params.id });
      return { ok: true as const };
    },
  );
};
