import type { ListActivitiesResponse } from '@rmm/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

export const activityKeys = {
  lists: ['activities', 'list'] as const,
  list: (params: ActivityListParams) => ['activities', 'list', params] as const,
};

export const useActivitiesQuery = (params: ActivityListParams) =>
  useQuery({
    queryKey: activityKeys.list(params),
    queryFn: () => apiRequest<ListActivitiesResponse>('GET', `/activities${toQuery(params)}`),
    placeholderData: keepPreviousData,
  });
