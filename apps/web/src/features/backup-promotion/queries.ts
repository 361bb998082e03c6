import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backupPromotionApi, type DemoRequestListParams } from './api.ts';

export const demoRequestKeys = {
  lists: ['demo-requests', 'list'] as const,
  list: (params: DemoRequestListParams) => ['demo-requests', 'list', params] as const,
};

export const useDemoRequestsQuery = (params: DemoRequestListParams) =>
  useQuery({
    queryKey: demoRequestKeys.list(params),
    queryFn: () => backupPromotionApi.demoRequests(params),
    placeholderData: keepPreviousData,
  });

/** Sends a demo request; the administrators' list has one more. */
export const useRequestDemoMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: backupPromotionApi.requestDemo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: demoRequestKeys.lists }),
  });
};
