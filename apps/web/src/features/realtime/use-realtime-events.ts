import { type ConsoleEvent, EVENTS_PATH } from '@rmm/domain';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionKeys } from '../../app/session/queries.ts';
import { applyJobEvent } from '../jobs/apply-job-event.ts';
import { queryKeysForEvent, resyncKeys } from './query-keys-for-event.ts';
import { setRealtimeStatus } from './realtime-status.ts';
import { reconnectDelay } from './reconnect-delay.ts';

/** Events arriving together (an agent fleet reconnecting) cause one refetch per query, not one each. */
export const INVALIDATE_BATCH_MS = 500;
/** The server closes the channel with this code when the session has ended. */
const CLOSE_SIGNED_OUT = 4401;

export const eventsUrl = ({ protocol, host }: Pick<Location, 'protocol' | 'host'>) =>
  `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${EVENTS_PATH}`;

type EventSchema = typeof import('@rmm/domain/events').ConsoleEvent;
let eventSchema: EventSchema | undefined;

/**
 * The events' schema (and the schema library) loads after the first screen, not with it; events that
 * arrive before it has loaded wait for it, in order.
 */
export const loadEventSchema = async (): Promise<EventSchema> => {
  eventSchema ??= (await import('@rmm/domain/events')).ConsoleEvent;
  return eventSchema;
};

const parseEvent = (schema: EventSchema, data: unknown): ConsoleEvent | undefined => {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

/** Closing a socket that is still connecting makes the browser log an error; wait for it to open. */
const closeQuietly = (socket: WebSocket) => {
  socket.onmessage = null;
  socket.onclose = null;
  if (socket.readyState === WebSocket.CONNECTING) socket.onopen = () => socket.close();
  else socket.close();
};

/**
 * Keeps one WebSocket to `/events` open (same origin, reconnecting with backoff) and marks the
 * cached queries an event changes as stale; job events also update the watched jobs in place.
 * Mounted once, in the signed-in layout.
 */
export const useRealtimeEvents = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    let socket: WebSocket | undefined;
    let attempt = 0;
    let hasBeenLive = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    const pending = new Map<string, QueryKey>();

    const flush = () => {
      flushTimer = undefined;
      const keys = [...pending.values()];
      pending.clear();
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    const invalidate = (keys: QueryKey[]) => {
      for (const key of keys) pending.set(JSON.stringify(key), key);
      if (keys.length && flushTimer === undefined) flushTimer = setTimeout(flush, INVALIDATE_BATCH_MS);
    };

    const connect = () => {
      setRealtimeStatus(hasBeenLive ? 'reconnecting' : 'connecting');
      const ws = new WebSocket(eventsUrl(window.location));
      socket = ws;
      const waiting: unknown[] = [];
      const handle = (data: unknown) => {
        const event = eventSchema && parseEvent(eventSchema, data);
        if (!event) return;
        if (event.type === 'ready') {
          attempt = 0;
          // Events sent while the channel was down are lost: refetch what they could have changed.
          if (hasBeenLive) invalidate(resyncKeys);
          hasBeenLive = true;
          setRealtimeStatus('live');
          return;
        }
        if (event.type === 'job.updated' || event.type === 'job.output') applyJobEvent(queryClient, event);
        invalidate(queryKeysForEvent(event));
      };
      ws.onmessage = (message) => {
        if (eventSchema) return handle(message.data);
        waiting.push(message.data);
        if (waiting.length === 1)
          void loadEventSchema().then(() => {
            if (socket !== ws) return;
            for (const data of waiting.splice(0)) handle(data);
          });
      };
      let hasOpened = false;
      ws.onopen = () => {
        hasOpened = true;
      };
      ws.onclose = (close) => {
        setRealtimeStatus(hasBeenLive ? 'reconnecting' : 'connecting');
        // Signed out, or refused at the handshake (an expired session answers 401): ask who is signed in,
        // so that the console goes to the sign-in page instead of retrying forever.
        if (close.code === CLOSE_SIGNED_OUT || !hasOpened) {
          void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
        }
        retryTimer = setTimeout(connect, reconnectDelay(attempt++));
      };
    };

    connect();
    return () => {
      clearTimeout(retryTimer);
      clearTimeout(flushTimer);
      if (socket) closeQuietly(socket);
      setRealtimeStatus('offline');
    };
  }, [queryClient]);
};
