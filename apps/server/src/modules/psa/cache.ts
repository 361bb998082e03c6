/**
 * What this process read from ConnectWise lately (company lists, sites, agreements, the catalog), kept for
 * PSA_CACHE_SECONDS so that a mapping screen's many reads cost ConnectWise one call each. Readings in flight
 * are shared; a failed one is not kept. Saving the connection clears it.
 */
export type PsaCache = {
  read: <T>(key: string, load: () => Promise<T>, options?: { refresh?: boolean }) => Promise<T>;
  clear: () => void;
};

export const createPsaCache = (ttlMs: number, now: () => number = Date.now): PsaCache => {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  let generation = 0;
  return {
    read: <T>(key: string, load: () => Promise<T>, { refresh = false } = {}) => {
      const entry = entries.get(key);
      if (!refresh && entry && entry.expires > now()) return entry.value as Promise<T>;
      const started = generation;
      const value = load();
      entries.set(key, { expires: now() + ttlMs, value });
      const forget = () => {
        if (entries.get(key)?.value === value) entries.delete(key);
      };
      value.then(() => {
        if (ttlMs <= 0 || started !== generation) forget();
      }, forget);
      // Old entries go when they are read again; a sweep keeps the map from growing with keys never read again.
      if (entries.size > 500) for (const [k, e] of entries) if (e.expires <= now()) entries.delete(k);
      return value;
    },
    clear: () => {
      generation++;
      entries.clear();
    },
  };
};
