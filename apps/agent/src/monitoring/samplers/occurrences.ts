import { clip } from '../../collectors/text.ts';
import type { Reading } from '../types.ts';

export type Occurrence = { at: number; text: string };

/**
 * Matches counted in a sliding window: the condition is breached while at least `occurrences` matches
 * happened within the last `windowMs` (its value the count, its text the latest match); it clears when
 * they age out of the window.
 */
export const createOccurrenceWindow = (options: {
  occurrences: number;
  windowMs: number;
  now: () => Date;
}) => {
  const seen: Occurrence[] = [];
  const prune = () => {
    const from = options.now().getTime() - options.windowMs;
    while (seen.length > 0 && seen[0]!.at < from) seen.shift();
  };
  return {
    add: (occurrence: Occurrence) => {
      seen.push(occurrence);
      seen.sort((a, b) => a.at - b.at);
      prune();
      // Only `occurrences` are needed to decide; keep a few more for the count shown, bounded.
      if (seen.length > Math.max(options.occurrences, 1000)) seen.splice(0, seen.length - 1000);
    },
    reading: (instance: string, describe: (count: number) => string): Reading => {
      prune();
      const latest = seen.at(-1);
      const count = seen.length;
      return {
        instance,
        breached: count >= options.occurrences,
        value: count,
        text: clip(latest ? `${describe(count)}; latest: ${latest.text}` : describe(count), 2000),
      };
    },
  };
};
