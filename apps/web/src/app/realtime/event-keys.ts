import type { ConsoleEvent } from '@rmm/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * What one feature does with the console's events: the cached queries of its own that an event makes
 * stale (only these are refetched), those to refetch after a reconnect (events sent while the channel
 * was down are lost) and, for data it keeps current in place, the change an event makes to the cache.
 * A feature exports its own from its queries.ts; feature-event-keys.ts combines them.
 */
export type EventKeys = {
  forEvent: (event: ConsoleEvent) => readonly QueryKey[];
  resync?: readonly QueryKey[];
  apply?: (queryClient: QueryClient, event: ConsoleEvent) => void;
};

/** Several features' event keys as one: their keys in the order given; every change in place first. */
export const combineEventKeys = (parts: readonly EventKeys[]) => ({
  forEvent: (event: ConsoleEvent): QueryKey[] => parts.flatMap((part) => part.forEvent(event)),
  resync: parts.flatMap((part) => part.resync ?? []),
  apply: (queryClient: QueryClient, event: ConsoleEvent) => {
    for (const part of parts) part.apply?.(queryClient, event);
  },
});
