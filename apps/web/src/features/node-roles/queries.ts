import type { NodeRole } from '@rmm/domain';
import { useQueries } from '@tanstack/react-query';
import { deviceListKey } from '../../lib/query-keys.ts';
import { nodeRolesApi } from './api.ts';

/**
 * Devices per role: one count-only page of GET /devices per role, cached as a device list (so that
 * device events refresh the counts too).
 */
export const useRoleDeviceCounts = (roles: readonly NodeRole[]) =>
  useQueries({
    queries: roles.map((role) => {
      const params = { page: 1, pageSize: 1, nodeRoleId: role.id };
      return {
        queryKey: deviceListKey(params),
        queryFn: () => nodeRolesApi.devices(params),
        select: (result: { count: number }) => result.count,
      };
    }),
  });
