import type { HelpTooltipState, UpdateHelpTooltipsRequest } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api.ts';

/** The signed-in user's dismissed help tooltips (`GET/PUT /help/tooltips`), shared by every tooltip. */
export const helpTooltipsApi = {
  get: () => apiRequest<HelpTooltipState>('GET', apiPaths.helpTooltips()),
  put: (body: UpdateHelpTooltipsRequest) =>
    apiRequest<HelpTooltipState>('PUT', apiPaths.helpTooltips(), body),
};

export const helpTooltipKeys = { dismissed: ['helpTooltips'] as const };

export const useDismissedTooltipsQuery = () =>
  useQuery({
    queryKey: helpTooltipKeys.dismissed,
    queryFn: helpTooltipsApi.get,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Dismisses one tooltip: the server keeps the whole set, so the set with this id is sent. */
export const useDismissTooltip = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const current = queryClient.getQueryData<HelpTooltipState>(helpTooltipKeys.dismissed)?.dismissed ?? [];
      return helpTooltipsApi.put({ dismissed: [...current.filter((d) => d !== id), id] });
    },
    onSuccess: (state) => queryClient.setQueryData(helpTooltipKeys.dismissed, state),
  });
};
