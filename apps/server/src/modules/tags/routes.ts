import {
  BulkDeviceTagsRequest,
  BulkDeviceTagsResponse,
  CreateTagRequest,
  DeviceTagsResponse,
  IdParam,
  ListTagsQuery,
  ListTagsResponse,
  OkResponse,
  SetDeviceTagsRequest,
  TagResponse,
  UpdateTagRequest,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import * as service from './service.ts';

const tags = ['device tags'];

/** Device tags: the MSP's tags, a device's list, and bulk changes (paths under /devices, ours). */
export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/devices/tags',
    {
      config: { access: 'devices.view' },
      schema: {
        tags,
        summary: 'The MSP’s device tags by name, each with the devices carrying it in the caller scope',
        querystring: ListTagsQuery,
        response: { 200: ListTagsResponse },
      },
    },
    async (request) => service.listTags({ db: app.db, actor: actorOf(request), query: request.query }),
  );

  app.post(
    '/devices/tags',
    {
      config: { access: 'devices.manage', activity: 'tag.create' },
      schema: {
        tags,
        summary: 'Add a tag (a name unique whatever its case)',
        body: CreateTagRequest,
        response: { 201: TagResponse },
      },
    },
    async (request, reply) => {
      const tag = await service.createTag({ db: app.db, actor: actorOf(request), input: request.body });
      return reply.code(201).send({ tag });
    },
  );

  app.patch(
    '/devices/tags/:id',
    {
      config: { access: 'devices.manage', activity: 'tag.update' },
      schema: {
        tags,
        summary: 'Rename a tag or change its description',
        params: IdParam,
        body: UpdateTagRequest,
        response: { 200: TagResponse },
      },
    },
    async (request) => ({
      tag: await service.updateTag({
        db: app.db,
        actor: actorOf(request),
        id: request.params.id,
        input: request.body,
      }),
    }),
  );

  app.delete(
    '/devices/tags/:id',
    {
      config: { access: 'devices.manage', activity: 'tag.delete' },
      schema: {
        tags,
        summary: 'Delete a tag and take it off every device',
        params: IdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await service.deleteTag({ db: app.db, actor: actorOf(request), id: request.params.id });
      return { ok: true as const };
    },
  );

  app.put(
    '/devices/:id/tags',
    {
      config: { access: 'devices.manage', activity: 'device.tags' },
      schema: {
        tags,
        summary: 'Set the whole list of a device’s tags (names without a tag become tags)',
        params: IdParam,
        body: SetDeviceTagsRequest,
        response: { 200: DeviceTagsResponse },
      },
    },
    async (request) =>
      service.setDeviceTags({
        db: app.db,
        bus: app.bus,
        actor: actorOf(request),
        id: request.params.id,
        input: request.body,
      }),
  );

  app.post(
    '/devices/tags/bulk',
    {
      config: { access: 'devices.manage', activity: 'device.tags' },
      schema: {
        tags,
        summary: 'Add and remove tags on many devices (those outside the caller scope are ignored)',
        body: BulkDeviceTagsRequest,
        response: { 200: BulkDeviceTagsResponse },
      },
    },
    async (request) =>
      service.bulkDeviceTags({ db: app.db, bus: app.bus, actor: actorOf(request), input: request.body }),
  );
};
