import type {
  AddTicketCommentRequest,
  AddTimeEntryRequest,
  CreateTicketRequest,
  SaveTicketBoardRequest,
  SaveTicketFormRequest,
  SaveTicketMailboxRequest,
  SaveTicketSetupItemRequest,
  StopTimerRequest,
  TicketLogEntryType,
  TicketResponse,
  TicketTemplateSetupList,
  UpdateTicketRequest,
} from '@rmm/domain';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { EventKeys } from '../../app/realtime/event-keys.ts';
import { useHasPermission } from '../../app/session/queries.ts';
import { type TicketListFilters, ticketingApi } from './api.ts';

export const ticketingKeys = {
  all: ['ticketing'] as const,
  /** The boards' list and each board. */
  allBoards: ['ticketing', 'boards'] as const,
  boards: ['ticketing', 'boards', 'list'] as const,
  board: (id: number) => ['ticketing', 'boards', 'detail', id] as const,
  /** Every page of tickets: a board's, an organization's or a device's. */
  lists: ['ticketing', 'tickets'] as const,
  boardTickets: (id: number, filters: TicketListFilters) =>
    ['ticketing', 'tickets', 'board', id, filters] as const,
  tickets: (filters: TicketListFilters) => ['ticketing', 'tickets', 'all', filters] as const,
  ticket: (id: number) => ['ticketing', 'ticket', id] as const,
  log: (id: number) => ['ticketing', 'log', id] as const,
  logOf: (id: number, type: TicketLogEntryType | undefined) =>
    ['ticketing', 'log', id, type ?? 'ALL'] as const,
  setup: ['ticketing', 'setup'] as const,
  forms: ['ticketing', 'forms'] as const,
  technicians: ['ticketing', 'technicians'] as const,
  assignees: (organizationId: number) => ['ticketing', 'assignees', organizationId] as const,
  mailboxes: ['ticketing', 'mailboxes'] as const,
};

/** Lists that change rarely (boards, setup lists, forms, technicians) are read again after a minute at most. */
const CONFIG_STALE_MS = 60_000;

export const useBoardsQuery = () =>
  useQuery({ queryKey: ticketingKeys.boards, queryFn: ticketingApi.boards, staleTime: CONFIG_STALE_MS });

export const useBoardQuery = (id: number) =>
  useQuery({ queryKey: ticketingKeys.board(id), queryFn: () => ticketingApi.board(id) });

/** Pages of a board's tickets, or of `GET /tickets` when `boardId` is undefined; each next page by its cursor. */
export const useTicketPagesQuery = (boardId: number | undefined, filters: TicketListFilters) =>
  useInfiniteQuery({
    queryKey:
      boardId === undefined ? ticketingKeys.tickets(filters) : ticketingKeys.boardTickets(boardId, filters),
    queryFn: ({ pageParam }) =>
      boardId === undefined
        ? ticketingApi.tickets(filters, pageParam)
        : ticketingApi.boardTickets(boardId, filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useTicketQuery = (id: number) =>
  useQuery({ queryKey: ticketingKeys.ticket(id), queryFn: () => ticketingApi.ticket(id) });

/** The ticket's log, newest first, all of it or one kind of entry. */
export const useTicketLogQuery = (id: number, type: TicketLogEntryType | undefined) =>
  useInfiniteQuery({
    queryKey: ticketingKeys.logOf(id, type),
    queryFn: ({ pageParam }) => ticketingApi.log(id, type, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useTicketSetupQuery = () =>
  useQuery({ queryKey: ticketingKeys.setup, queryFn: ticketingApi.setup, staleTime: CONFIG_STALE_MS });

export const useTicketFormsQuery = () =>
  useQuery({ queryKey: ticketingKeys.forms, queryFn: ticketingApi.forms, staleTime: CONFIG_STALE_MS });

/** Who a ticket of the organization may be assigned to (for those who work tickets; none before it is chosen). */
export const useTicketAssigneesQuery = (organizationId: number | null) => {
  const canManage = useHasPermission('ticketing.manage');
  return useQuery({
    queryKey: ticketingKeys.assignees(organizationId ?? 0),
    queryFn: () => ticketingApi.assignees(organizationId!),
    staleTime: CONFIG_STALE_MS,
    enabled: canManage && organizationId !== null,
  });
};

/** Every technician, for a board's assignee rule, for those who may list users; others get themselves only. */
export const useTechniciansQuery = () => {
  const canListUsers = useHasPermission('users.view');
  return useQuery({
    queryKey: ticketingKeys.technicians,
    queryFn: ticketingApi.technicians,
    staleTime: CONFIG_STALE_MS,
    enabled: canListUsers,
  });
};

/** A ticket's answer goes into the cache at once; its lists and log are read again. */
const storeTicket = (
  queryClient: QueryClient,
  answer: Pick<TicketResponse, 'ticket'> & Partial<TicketResponse>,
) => {
  queryClient.setQueryData<TicketResponse>(ticketingKeys.ticket(answer.ticket.id), (current) => ({
    ticket: answer.ticket,
    timer: answer.timer !== undefined ? answer.timer : (current?.timer ?? null),
  }));
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ticketingKeys.lists }),
    queryClient.invalidateQueries({ queryKey: ticketingKeys.log(answer.ticket.id) }),
  ]);
};

export const useCreateTicketMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTicketRequest) => ticketingApi.createTicket(body),
    onSuccess: (answer) => storeTicket(queryClient, answer),
  });
};

export const useUpdateTicketMutation = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTicketRequest) => ticketingApi.updateTicket(id, body),
    onSuccess: (answer) => storeTicket(queryClient, answer),
  });
};

export const useAddCommentMutation = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddTicketCommentRequest) => ticketingApi.addComment(id, body),
    onSuccess: (answer) => storeTicket(queryClient, answer),
  });
};

export const useAddTimeEntryMutation = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddTimeEntryRequest) => ticketingApi.addTimeEntry(id, body),
    onSuccess: (answer) => storeTicket(queryClient, answer),
  });
};

/** Start and stop of the caller's timer: the ticket's answer keeps the timer; a stop also adds time to the log. */
export const useTimerMutations = (id: number) => {
  const queryClient = useQueryClient();
  const setTimer = (timer: TicketResponse['timer']) =>
    queryClient.setQueryData<TicketResponse>(ticketingKeys.ticket(id), (current) =>
      current ? { ...current, timer } : current,
    );
  const start = useMutation({
    mutationFn: () => ticketingApi.startTimer(id),
    onSuccess: (answer) => setTimer(answer.timer),
  });
  const stop = useMutation({
    mutationFn: (body: StopTimerRequest) => ticketingApi.stopTimer(id, body),
    onSuccess: (answer) => {
      setTimer(null);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketingKeys.ticket(id) }),
        queryClient.invalidateQueries({ queryKey: ticketingKeys.log(id) }),
        queryClient.invalidateQueries({ queryKey: ticketingKeys.lists }),
      ]).then(() => answer);
    },
  });
  return { start, stop };
};

// ---------------------------------------------------------------- configuration

const useInvalidate = (...keys: (readonly unknown[])[]) => {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
};

export const useSaveBoardMutation = (id: number | undefined) => {
  const refresh = useInvalidate(ticketingKeys.allBoards, ticketingKeys.lists);
  return useMutation({
    mutationFn: (body: SaveTicketBoardRequest) =>
      id === undefined ? ticketingApi.createBoard(body) : ticketingApi.updateBoard(id, body),
    onSuccess: refresh,
  });
};

/** The deleted board's own query is dropped, not read again (it would answer 404 under the open page). */
export const useDeleteBoardMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ticketingApi.deleteBoard,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: ticketingKeys.board(id) });
      return queryClient.invalidateQueries({ queryKey: ticketingKeys.boards });
    },
  });
};

export const useSaveSetupItemMutation = (list: TicketTemplateSetupList) => {
  const refresh = useInvalidate(ticketingKeys.setup);
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: SaveTicketSetupItemRequest }) =>
      id === undefined
        ? ticketingApi.createSetupItem(list, body)
        : ticketingApi.updateSetupItem(list, id, body),
    onSuccess: refresh,
  });
};

export const useDeleteSetupItemMutation = (list: TicketTemplateSetupList) => {
  const refresh = useInvalidate(ticketingKeys.setup);
  return useMutation({
    mutationFn: (id: number) => ticketingApi.deleteSetupItem(list, id),
    onSuccess: refresh,
  });
};

export const useSaveFormMutation = (id: number | undefined) => {
  const refresh = useInvalidate(ticketingKeys.forms);
  return useMutation({
    mutationFn: (body: SaveTicketFormRequest) =>
      id === undefined ? ticketingApi.createForm(body) : ticketingApi.updateForm(id, body),
    onSuccess: refresh,
  });
};

export const useDeleteFormMutation = () => {
  const refresh = useInvalidate(ticketingKeys.forms);
  return useMutation({ mutationFn: ticketingApi.deleteForm, onSuccess: refresh });
};

export const useMailboxesQuery = () =>
  useQuery({ queryKey: ticketingKeys.mailboxes, queryFn: ticketingApi.mailboxes });

export const useSaveMailboxMutation = (id: number | undefined) => {
  const refresh = useInvalidate(ticketingKeys.mailboxes);
  return useMutation({
    mutationFn: (body: SaveTicketMailboxRequest) =>
      id === undefined ? ticketingApi.createMailbox(body) : ticketingApi.updateMailbox(id, body),
    onSuccess: refresh,
  });
};

export const useDeleteMailboxMutation = () => {
  const refresh = useInvalidate(ticketingKeys.mailboxes);
  return useMutation({ mutationFn: ticketingApi.deleteMailbox, onSuccess: refresh });
};

/** `ticket.changed`: the lists, and the ticket and its log when they are cached. */
export const ticketEventKeys: EventKeys = {
  forEvent: (event) =>
    event.type === 'ticket.changed'
      ? [ticketingKeys.lists, ticketingKeys.ticket(event.ticket.id), ticketingKeys.log(event.ticket.id)]
      : [],
  resync: [ticketingKeys.lists],
};
