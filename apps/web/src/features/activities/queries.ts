import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EventKeys } from '../../app/realtime/event-keys.ts';
import { type ActivityListParams, activitiesApi } from './api.ts';

export const activityKeys = {
  lists: ['activities', 'list'] as const,
  list: (params: ActivityListParams) => ['activities', 'list', params] as const,
};

export const useActivitiesQuery = (params: ActivityListParams) =>
  useQuery({
    queryKey: activityKeys.list(params),
    queryFn: () => activitiesApi.list(params),
    placeholderData: keepPreviousData,
  });

/** Every job change is recorded in the audit log: its lists are read again. */
export const activityEventKeys: EventKeys = {
  forEvent: (event) => (event.type === 'job.updated' ? [activityKeys.lists] : []),
};
