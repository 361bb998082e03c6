import { type ConsoleEvent, EVENTS_PATH } from '@rmm/domain';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionKeys } from '../session/queries.ts';
import { setRealtimeStatus } from './realtime-status.ts';
import { reconnectDelay } from './reconnect-delay.ts';

/** Events arriving together (an agent fleet reconnecting) cause one refetch per query, not one each. */
export const INVALIDATE_BATCH_MS = 500;
/** The server closes the channel with this code when the session has ended. */
const CLOSE_SIGNED_OUT = 4401;

export const eventsUrl = ({ protocol, host }: Pick<Location, 'protocol' | 'host'>) =>
  `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${EVENTS_PATH}`;

type EventSchema = typeof import('@rmm/domain/events').ConsoleEvent;
type FeatureEventKeys = typeof import('./feature-event-keys.ts').featureEventKeys;
type EventHandling = { schema: EventSchema; keys: FeatureEventKeys };
let handling: EventHandling | undefined;

/**
 * The events' schema (and the schema library) and the features' event keys (feature-event-keys.ts,
 * with the features' queries) load after the first screen, not with it; events that arrive before they
 * have loaded wait for them, in order.
 */
export const loadEventHandling = async (): Promise<EventHandling> => {
  if (!handling) {
    const [events, features] = await Promise.all([
      import('@rmm/domain/events'),
      import('./feature-event-keys.ts'),
    ]);
    handling ??= { schema: events.ConsoleEvent, keys: features.featureEventKeys };
  }
  return handling;
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
    const invalidate = (keys: readonly QueryKey[]) => {
      for (const key of keys) pending.set(JSON.stringify(key), key);
      if (keys.length && flushTimer === undefined) flushTimer = setTimeout(flush, INVALIDATE_BATCH_MS);
    };

    const connect = () => {
      setRealtimeStatus(hasBeenLive ? 'reconnecting' : 'connecting');
      const ws = new WebSocket(eventsUrl(window.location));
      socket = ws;
      const waiting: unknown[] = [];
      const handle = (data: unknown) => {
        if (!handling) return;
        const { schema, keys } = handling;
        const event = parseEvent(schema, data);
        if (!event) return;
        if (event.type === 'ready') {
          attempt = 0;
          // Events sent while the channel was down are lost: refetch what they could have changed.
          if (hasBeenLive) invalidate(keys.resync);
          hasBeenLive = true;
          setRealtimeStatus('live');
          return;
        }
        keys.apply(queryClient, event);
        invalidate(keys.forEvent(event));
      };
      ws.onmessage = (message) => {
        if (handling) return handle(message.data);
        waiting.push(message.data);
        if (waiting.length === 1)
          void loadEventHandling().then(() => {
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
