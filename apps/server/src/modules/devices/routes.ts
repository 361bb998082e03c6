import {
  builtInNodeRoles,
  DeviceNode,
  IdParam,
  ListDeviceMetricsQuery,
  ListDeviceMetricsResponse,
  ListDeviceOwnerCandidatesQuery,
  ListDeviceOwnerCandidatesResponse,
  ListDevicesQuery,
  ListDevicesResponse,
  ListNodeRolesResponse,
  OkResponse,
  QueryDeviceRequest,
  QueryDeviceResponse,
  UpdateDeviceRequest,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import * as service from './service.ts';

const tags = ['devices'];

export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Spec §7: GET /noderole/list answers the roles themselves.
  app.get(
    '/noderole/list',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Node roles (built-in)', response: { 200: ListNodeRolesResponse } },
    },
    async () => [...builtInNodeRoles],
  );

  app.get(
    '/devices',
    {
      config: { access: 'devices.view' },
      schema: {
        tags,
        summary: 'List devices with filters, sort and paging',
        querystring: ListDevicesQuery,
        response: { 200: ListDevicesResponse },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const result = await service.listDevices({ db: app.db, actor: actorOf(request), query: request.query });
      return { ...result, page, pageSize };
    },
  );

  app.get(
    '/devices/:id',
    {
      config: { access: 'devices.view' },
      schema: {
        tags,
        summary: 'One device with its inventory',
        params: IdParam,
        response: { 200: DeviceNode },
      },
    },
    async (request) => service.getDevice({ db: app.db, actor: actorOf(request), id: request.params.id }),
  );

  app.get(
    '/devices/:id/metrics',
    {
      config: { access: 'devices.view' },
      schema: {
        tags,
        summary: 'Stored metric samples of a device (last 24 hours unless from/to are given)',
        params: IdParam,
        querystring: ListDeviceMetricsQuery,
        response: { 200: ListDeviceMetricsResponse },
      },
    },
    async (request) =>
      service.listMetrics({
        db: app.db,
        actor: actorOf(request),
        id: request.params.id,
        query: request.query,
      }),
  );

  app.get(
    '/devices/:id/owner-candidates',
    {
      config: { access: 'devices.manage' },
      schema: {
        tags,
        summary: 'Who may own the device: end users of its organization and technicians who can see it',
        params: IdParam,
        querystring: ListDeviceOwnerCandidatesQuery,
        response: { 200: ListDeviceOwnerCandidatesResponse },
      },
    },
    async (request) =>
      service.listOwnerCandidates({
        db: app.db,
        actor: actorOf(request),
        id: request.params.id,
        query: request.query,
      }),
  );

  // Spec §7: POST /query/device {nodeIds, includeParentsAndChildren, cacheExpiration, mode}.
  app.post(
    '/query/device',
    {
      config: { access: 'devices.view' },
      schema: {
        tags,
        summary: 'Devices by id, with their inventory (spec §7)',
        body: QueryDeviceRequest,
        response: { 200: QueryDeviceResponse },
      },
    },
    async (request) => service.queryDevices({ db: app.db, actor: actorOf(request), input: request.body }),
  );

  app.patch(
    '/devices/:id',
    {
      config: { access: 'devices.manage', activity: 'device.update' },
      schema: {
        tags,
        summary: 'Rename, move, change the role or owner of, approve or reject a device',
        params: IdParam,
        body: UpdateDeviceRequest,
        response: { 200: DeviceNode },
      },
    },
    async (request) =>
      service.updateDevice({
        db: app.db,
        bus: app.bus,
        actor: actorOf(request),
        id: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    '/devices/:id',
    {
      config: { access: 'devices.manage', activity: 'device.delete' },
      schema: {
        tags,
        summary: 'Remove a device and its agent identity',
        params: IdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await service.deleteDevice({
        db: app.db,
        bus: app.bus,
        actor: actorOf(request),
        id: request.params.id,
      });
      return { ok: true as const };
    },
  );
};
