import {
  IdParam,
  ListNotificationChannelsResponse,
  ListNotificationDeliveriesQuery,
  ListNotificationDeliveriesResponse,
  NotificationChannel,
  NotificationChannelInput,
  NotificationDelivery,
  OkResponse,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import * as service from './service.ts';

const tags = ['notifications'];

/** Notification channels and their deliveries (packages/domain/src/notification-channels.ts). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notification-channels',
    {
      config: { access: 'settings.view' },
      schema: {
        tags,
        summary: 'The notification channels (never their secrets)',
        response: { 200: ListNotificationChannelsResponse },
      },
    },
    async () => {
      const data = await service.listChannels(app.db);
      return { data, count: data.length, page: 1, pageSize: data.length };
    },
  );

  app.post(
    '/notification-channels',
    {
      config: { access: 'settings.manage', activity: 'notificationChannel.create' },
      schema: {
        tags,
        summary: 'Add a notification channel (a webhook secret is stored encrypted)',
        body: NotificationChannelInput,
        response: { 201: NotificationChannel },
      },
    },
    async (request, reply) => {
      const channel = await service.createChannel({
        db: app.db,
        actor: actorOf(request),
        secretKey: app.secretKey,
        input: request.body,
      });
      return reply.code(201).send(channel);
    },
  );

  app.get(
    '/notification-channels/:id',
    {
      config: { access: 'settings.view' },
      schema: {
        tags,
        summary: 'A notification channel (never its secret)',
        params: IdParam,
        response: { 200: NotificationChannel },
      },
    },
    async (request) => service.getChannelById(app.db, request.params.id),
  );

  app.put(
    '/notification-channels/:id',
    {
      config: { access: 'settings.manage', activity: 'notificationChannel.update' },
      schema: {
        tags,
        summary: 'Change a notification channel (without a secret, the stored one is kept)',
        params: IdParam,
        body: NotificationChannelInput,
        response: { 200: NotificationChannel },
      },
    },
    async (request) =>
      service.updateChannel({
        db: app.db,
        actor: actorOf(request),
        secretKey: app.secretKey,
        id: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    '/notification-channels/:id',
    {
      config: { access: 'settings.manage', activity: 'notificationChannel.delete' },
      schema: {
        tags,
        summary: 'Delete a notification channel with its delivery log',
        params: IdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await service.deleteChannel({ db: app.db, actor: actorOf(request), id: request.params.id });
      return { ok: true as const };
    },
  );

  app.post(
    '/notification-channels/:id/test',
    {
      config: { access: 'settings.manage', activity: 'notificationChannel.test' },
      schema: {
        tags,
        summary:
          'Send a test message on the channel: answers the queued delivery (its log shows the outcome)',
        params: IdParam,
        response: { 202: NotificationDelivery },
      },
    },
    async (request, reply) => {
      const delivery = await service.queueTest({
        db: app.db,
        actor: actorOf(request),
        id: request.params.id,
      });
      app.notifications.kick();
      return reply.code(202).send(delivery);
    },
  );

  app.get(
    '/notification-channels/:id/deliveries',
    {
      config: { access: 'settings.view' },
      schema: {
        tags,
        summary: "A channel's deliveries, newest first",
        params: IdParam,
        querystring: ListNotificationDeliveriesQuery,
        response: { 200: ListNotificationDeliveriesResponse },
      },
    },
    async (request) => service.listDeliveries(app.db, request.params.id, request.query),
  );
};
