import type { SupportTicketStatus } from '@rmm/domain';
import { useSearchParams } from 'react-router';

export const SUPPORT_INBOX_PAGE_SIZE = 25;

/** The status filter: a ticket status, or `all`. Open tickets are shown unless the URL says otherwise. */
export type SupportInboxStatusFilter = SupportTicketStatus | 'all';

const statusOf = (value: string | null): SupportInboxStatusFilter =>
  value === 'CLOSED' || value === 'all' ? value : 'OPEN';

const idOf = (value: string | null) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/**
 * What the inbox shows, kept in its URL (bookmarkable, Back works): the status filter, the search, the page,
 * and an open ticket (`ticket`) over the list that keeps its filters for the way back.
 */
export const useSupportInboxParams = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = {
    status: statusOf(searchParams.get('status')),
    search: searchParams.get('search')?.trim() || undefined,
    page: Math.max(1, Number(searchParams.get('page')) || 1),
    pageSize: SUPPORT_INBOX_PAGE_SIZE,
    ticketId: idOf(searchParams.get('ticket')),
  };
  const update = (changes: Record<string, string | number | undefined>) =>
    setSearchParams((current) => {
      for (const [name, value] of Object.entries(changes))
        value === undefined || value === '' ? current.delete(name) : current.set(name, String(value));
      return current;
    });
  return {
    ...state,
    /** The URL of a ticket opened from the list as it is filtered now. */
    ticketSearch: (id: number) => {
      const next = new URLSearchParams(searchParams);
      next.set('ticket', String(id));
      return `?${next}`;
    },
    setStatus: (status: SupportInboxStatusFilter) =>
      update({ status: status === 'OPEN' ? undefined : status, page: undefined }),
    setSearch: (search: string) => update({ search: search.trim() || undefined, page: undefined }),
    setPage: (page: number) => update({ page: page === 1 ? undefined : page }),
    closeTicket: () => update({ ticket: undefined }),
  };
};
export type SupportInboxParams = ReturnType<typeof useSupportInboxParams>;
