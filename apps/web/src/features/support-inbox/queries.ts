import type { ReplySupportTicketRequest } from '@rmm/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SupportTicketListParams, supportInboxApi } from './api.ts';

export const supportInboxKeys = {
  all: ['support-inbox'] as const,
  lists: ['support-inbox', 'list'] as const,
  list: (params: SupportTicketListParams) => ['support-inbox', 'list', params] as const,
  ticket: (id: number) => ['support-inbox', 'ticket', id] as const,
};

export const useSupportTicketsQuery = (params: SupportTicketListParams) =>
  useQuery({
    queryKey: supportInboxKeys.list(params),
    queryFn: () => supportInboxApi.list(params),
    placeholderData: keepPreviousData,
  });

export const useSupportTicketQuery = (id: number) =>
  useQuery({ queryKey: supportInboxKeys.ticket(id), queryFn: () => supportInboxApi.get(id) });

/** A reply, a close or a reopen changes the ticket and the lists (status, counts, order). */
const useTicketChange = <T>(id: number, change: (input: T) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: supportInboxKeys.ticket(id) }),
        queryClient.invalidateQueries({ queryKey: supportInboxKeys.lists }),
      ]),
  });
};

export const useReplySupportTicketMutation = (id: number) =>
  useTicketChange(id, (body: ReplySupportTicketRequest) => supportInboxApi.reply(id, body));

export const useCloseSupportTicketMutation = (id: number) =>
  useTicketChange(id, () => supportInboxApi.close(id));

export const useReopenSupportTicketMutation = (id: number) =>
  useTicketChange(id, () => supportInboxApi.reopen(id));
