import type { QueryDeviceResponse } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

/** How long the console asks to keep a POST /query/device answer. */
export const DEVICE_CACHE_SECONDS = 300;
/** Asked again this long before it expires, so a submission never carries an expiry about to pass. */
const EXPIRY_MARGIN_MS = 10_000;

export const deviceCacheKey = (nodeIds: number[]) =>
  ['devices', 'cache', [...nodeIds].sort((a, b) => a - b)] as const;

const queryDevices = (nodeIds: number[]) =>
  apiRequest<QueryDeviceResponse>('POST', apiPaths.queryDevice(), {
    nodeIds,
    // The devices themselves: a job runs on the node it names, not on its parent or children.
    includeParentsAndChildren: false,
    mode: 'SUMMARY',
    cacheExpiration: DEVICE_CACHE_SECONDS,
  });

/**
 * The device cache a job submission is based on: the POST /query/device answer, kept in the query
 * cache until its `cacheExpiration`. `refresh` asks again (after the server said it expired).
 */
export const getDeviceCache = (
  queryClient: QueryClient,
  nodeIds: number[],
  { refresh = false }: { refresh?: boolean } = {},
) =>
  queryClient.fetchQuery({
    queryKey: deviceCacheKey(nodeIds),
    queryFn: () => queryDevices(nodeIds),
    staleTime: refresh
      ? 0
      : (query) => Math.max(0, (query.state.data?.cacheExpiration ?? 0) - Date.now() - EXPIRY_MARGIN_MS),
  });
