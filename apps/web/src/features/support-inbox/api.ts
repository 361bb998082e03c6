import type {
  ListSupportTicketsResponse,
  ReplySupportTicketRequest,
  SupportTicketResponse,
  SupportTicketStatus,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';

/** The inbox list's filter, search and page, as sent (`ListSupportTicketsQuery`). */
export type SupportTicketListParams = {
  page: number;
  pageSize: number;
  status?: SupportTicketStatus;
  search?: string;
};

/** The built-in help desk's support inbox (docs/decisions.md "Help tickets and attachments"). */
export const supportInboxApi = {
  list: (params: SupportTicketListParams) =>
    apiRequest<ListSupportTicketsResponse>('GET', `${apiPaths.supportTickets()}${toQuery(params)}`),
  get: (id: number) =>
    apiRequest<SupportTicketResponse>('GET', apiPaths.supportTicket(id)).then((answer) => answer.ticket),
  reply: (id: number, body: ReplySupportTicketRequest) =>
    apiRequest<unknown>('POST', apiPaths.supportTicketReplies(id), body),
  close: (id: number) => apiRequest<unknown>('POST', apiPaths.supportTicketClose(id), {}),
  reopen: (id: number) => apiRequest<unknown>('POST', apiPaths.supportTicketReopen(id), {}),
};
