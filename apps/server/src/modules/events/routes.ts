import { EVENTS_PATH } from '@rmm/domain';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../../lib/actor.ts';
import { SESSION_COOKIE } from '../auth/service.ts';
import { createEventHub, type EventClient } from './hub.ts';

const credentialOf = (request: FastifyRequest): EventClient['credential'] => {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return { via: 'token', value: authorization.slice(7).trim() };
  return { via: 'session', value: request.cookies[SESSION_COOKIE] ?? '' };
};

/** The console's realtime channel: a WebSocket at /events, Origin-checked, within the user's scope. */
export const eventRoutes: FastifyPluginAsync = async (app) => {
  const hub = createEventHub(app);
  app.addHook('onClose', async () => hub.close());

  app.get(
    EVENTS_PATH,
    {
      websocket: true,
      // A page on another site could open this socket with the user's cookie: the Origin is checked.
      config: { access: 'authenticated', requireOrigin: true },
    },
    async (socket, request) => {
      // `ready` tells the console that every event from now on will reach it (its cue to reload).
      await hub.add({ socket, actor: actorOf(request), credential: credentialOf(request) });
      if (socket.readyState === socket.OPEN)
        socket.send(JSON.stringify({ type: 'ready', time: new Date().toISOString() }));
    },
  );
};
