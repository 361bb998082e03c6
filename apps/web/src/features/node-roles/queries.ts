import type { NodeRole } from '@rmm/domain';
import { useQueries } from '@tanstack/react-query';
import { devicesApi } from '../devices/api.ts';
import { deviceKeys } from '../devices/queries.ts';

/** Devices per role: one count-only page (a single row) of GET /devices per role. */
export const useRoleDeviceCounts = (roles: readonly NodeRole[]) =>
  useQueries({
    queries: roles.map((role) => {
      const params = { page: 1, pageSize: 1, nodeRoleId: role.id };
      return {
        queryKey: deviceKeys.list(params),
        queryFn: () => devicesApi.list(params),
        select: (result: { count: number }) => result.count,
      };
    }),
  });
