import { isWildcard, subjectMatches } from './match.ts';
import type { Bus, BusHandler } from './types.ts';

type Logger = { error: (obj: object, msg: string) => void };

/** The in-process bus: one server process, nothing to install. Delivery is asynchronous, like NATS. */
export const createMemoryBus = (log?: Logger): Bus => {
  const exact = new Map<string, Set<BusHandler>>();
  const patterns = new Map<BusHandler, string>();

  const deliver = (handler: BusHandler, message: unknown, subject: string) => {
    queueMicrotask(() => {
      try {
        handler(structuredClone(message), subject);
      } catch (error) {
        log?.error({ err: error, subject }, 'bus handler failed');
      }
    });
  };

  return {
    kind: 'memory',
    publish: (subject, message) => {
      for (const handler of exact.get(subject) ?? []) deliver(handler, message, subject);
      for (const [handler, pattern] of patterns) {
        if (subjectMatches(pattern, subject)) deliver(handler, message, subject);
      }
    },
    subscribe: (subject, handler) => {
      // Each subscription gets its own function identity, so one handler may subscribe twice.
      const own: BusHandler = (message, s) => handler(message, s);
      if (isWildcard(subject)) {
        patterns.set(own, subject);
        return () => void patterns.delete(own);
      }
      const set = exact.get(subject) ?? new Set();
      set.add(own);
      exact.set(subject, set);
      return () => {
        set.delete(own);
        if (set.size === 0 && exact.get(subject) === set) exact.delete(subject);
      };
    },
    flush: async () => {},
    close: async () => {
      exact.clear();
      patterns.clear();
    },
  };
};
