import { ConsoleEvent, eventPermissions, type OrganizationEvent } from '@rmm/domain';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { ALL_CONSOLE_EVENTS, USERS_CHANGED_SUBJECT } from '../../bus/subjects.ts';
import { scopeAllows } from '../../lib/scope.ts';
import type { Actor } from '../../types.ts';
import { actorFromApiToken, actorFromSession } from '../auth/service.ts';

export type EventClient = {
  socket: WebSocket;
  actor: Actor;
  /** Re-checked now and then, so a signed-out or disabled user stops receiving. */
  credential: { via: 'session' | 'token'; value: string };
};

const RECHECK_MS = 60_000;
const CLOSE_SIGNED_OUT = 4401;

export const canReceive = (actor: Actor, event: OrganizationEvent) =>
  scopeAllows(actor.scope, event.organizationId) && actor.permissions.has(eventPermissions[event.type]);

/** Fans console events from the bus out to this process's /events sockets, each within its scope. */
export const createEventHub = (app: FastifyInstance) => {
  const clients = new Set<EventClient>();

  const deliver = (message: unknown) => {
    const parsed = ConsoleEvent.safeParse(message);
    if (!parsed.success || parsed.data.type === 'ready') return;
    const event = parsed.data;
    const text = JSON.stringify(event);
    for (const client of clients) {
      if (canReceive(client.actor, event) && client.socket.readyState === client.socket.OPEN) {
        client.socket.send(text);
      }
    }
  };

  const recheck = async (only?: ReadonlySet<number>) => {
    for (const client of clients) {
      if (only && !only.has(client.actor.id)) continue;
      const { via, value } = client.credential;
      const actor =
        via === 'token'
          ? await actorFromApiToken({ db: app.db, token: value })
          : await actorFromSession({ db: app.db, token: value });
      if (actor) client.actor = actor;
      else client.socket.close(CLOSE_SIGNED_OUT, 'signed out');
    }
  };

  /**
   * Subscribed only while this process holds a console socket: a process without one does not
   * decode the cluster's events (a fan-out of 10,000 jobs publishes 20,000 job.updated events).
   */
  let unsubscribe: (() => void) | undefined;
  const stopListening = () => {
    unsubscribe?.();
    unsubscribe = undefined;
  };
  const remove = (client: EventClient) => {
    if (clients.delete(client) && clients.size === 0) stopListening();
  };

  const timer = setInterval(() => {
    recheck().catch((error) => app.log.error({ err: error }, 'events session check failed'));
  }, RECHECK_MS);
  timer.unref();

  // A user disabled, given another role or signed out by an administrator on any process: at once.
  const stopUserChanges = app.bus.subscribe(USERS_CHANGED_SUBJECT, (message) => {
    const userIds = (message as { userIds?: unknown }).userIds;
    if (!Array.isArray(userIds) || clients.size === 0) return;
    recheck(new Set(userIds.filter((id): id is number => typeof id === 'number'))).catch((error) =>
      app.log.error({ err: error }, 'events session check failed'),
    );
  });

  return {
    /** Resolves once the client receives every event published from now on. */
    add: async (client: EventClient) => {
      clients.add(client);
      unsubscribe ??= app.bus.subscribe(ALL_CONSOLE_EVENTS, deliver);
      client.socket.on('close', () => remove(client));
      await app.bus.flush();
    },
    size: () => clients.size,
    close: () => {
      clearInterval(timer);
      stopUserChanges();
      stopListening();
    },
  };
};
