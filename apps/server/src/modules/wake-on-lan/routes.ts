import { IdParam, WakeupResponse } from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { wakeUp } from './service.ts';

export const wakeOnLanRoutes: FastifyPluginAsyncZod = async (app) => {
  // Spec §7: a GET that changes something, so it is Origin-checked like a POST.
  app.get(
    '/node/:id/wakeup',
    {
      config: { access: 'devices.manage', stateChanging: true, activity: 'device.wakeup' },
      schema: {
        tags: ['devices'],
        summary: 'Wake a device: an online agent on its subnet sends Wake-on-LAN magic packets',
        params: IdParam,
        response: { 200: WakeupResponse },
      },
    },
    async (request) =>
      wakeUp({
        db: app.db,
        bus: app.bus,
        actor: actorOf(request),
        id: request.params.id,
        ackTimeoutMs: app.config.wakeOnLanAckTimeoutMs,
      }),
  );
};
