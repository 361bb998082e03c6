import type { ListActivitiesResponse } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';

export type ActivityListParams = {
  page: number;
  pageSize: number;
  search?: string;
  organizationId?: number;
  targetType?: string;
  targetId?: string;
  action?: string;
  outcome?: string;
};

/** The audit log: what was done, by whom, to what. */
export const activitiesApi = {
  list: (params: ActivityListParams) =>
    apiRequest<ListActivitiesResponse>('GET', `${apiPaths.activities()}${toQuery(params)}`),
};
