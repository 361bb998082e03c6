import type {
  AddTicketCommentRequest,
  AddTimeEntryRequest,
  CreateTicketRequest,
  ListTicketAssigneesResponse,
  ListTicketBoardsResponse,
  ListTicketFormsResponse,
  ListTicketLogResponse,
  ListTicketMailboxesResponse,
  ListTicketsResponse,
  ListUsersResponse,
  SaveTicketBoardRequest,
  SaveTicketFormRequest,
  SaveTicketMailboxRequest,
  SaveTicketSetupItemRequest,
  StopTimerRequest,
  TicketBoardResponse,
  TicketFormResponse,
  TicketLogEntryResponse,
  TicketLogEntryType,
  TicketMailbox,
  TicketResponse,
  TicketSetupItemResponse,
  TicketSetupResponse,
  TicketTemplateSetupList,
  TimerResponse,
  UpdateTicketRequest,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';

/** A page of tickets: the filters and the cursor of `ListTicketsQuery` (a board adds its own conditions and sort). */
export type TicketListFilters = {
  organizationId?: number;
  deviceId?: number;
  search?: string;
  pageSize?: number;
};

/** Every call of the console's ticketing (ticketing.ts; docs/decisions.md "Ticketing"). */
export const ticketingApi = {
  boards: () => apiRequest<ListTicketBoardsResponse>('GET', apiPaths.ticketBoards()).then((a) => a.boards),
  board: (id: number) =>
    apiRequest<TicketBoardResponse>('GET', apiPaths.ticketBoard(id)).then((a) => a.board),
  createBoard: (body: SaveTicketBoardRequest) =>
    apiRequest<TicketBoardResponse>('POST', apiPaths.ticketBoards(), body).then((a) => a.board),
  updateBoard: (id: number, body: SaveTicketBoardRequest) =>
    apiRequest<TicketBoardResponse>('PUT', apiPaths.ticketBoard(id), body).then((a) => a.board),
  deleteBoard: (id: number) => apiRequest<unknown>('DELETE', apiPaths.ticketBoard(id)),
  boardTickets: (id: number, filters: TicketListFilters, cursor?: string) =>
    apiRequest<ListTicketsResponse>(
      'GET',
      `${apiPaths.ticketBoardTickets(id)}${toQuery({ ...filters, cursor })}`,
    ),
  tickets: (filters: TicketListFilters, cursor?: string) =>
    apiRequest<ListTicketsResponse>('GET', `${apiPaths.tickets()}${toQuery({ ...filters, cursor })}`),

  ticket: (id: number) => apiRequest<TicketResponse>('GET', apiPaths.ticket(id)),
  createTicket: (body: CreateTicketRequest) => apiRequest<TicketResponse>('POST', apiPaths.tickets(), body),
  updateTicket: (id: number, body: UpdateTicketRequest) =>
    apiRequest<TicketResponse>('PATCH', apiPaths.ticket(id), body),
  log: (id: number, type: TicketLogEntryType | undefined, cursor?: string) =>
    apiRequest<ListTicketLogResponse>('GET', `${apiPaths.ticketLog(id)}${toQuery({ type, cursor })}`),
  addComment: (id: number, body: AddTicketCommentRequest) =>
    apiRequest<TicketLogEntryResponse>('POST', apiPaths.ticketComments(id), body),
  addTimeEntry: (id: number, body: AddTimeEntryRequest) =>
    apiRequest<TicketLogEntryResponse>('POST', apiPaths.ticketTimeEntries(id), body),
  startTimer: (id: number) => apiRequest<TimerResponse>('POST', apiPaths.ticketTimer(id), {}),
  stopTimer: (id: number, body: StopTimerRequest) =>
    apiRequest<TimerResponse>('POST', apiPaths.ticketTimerStop(id), body),

  setup: () => apiRequest<TicketSetupResponse>('GET', apiPaths.ticketSetup()).then((a) => a.lists),
  createSetupItem: (list: TicketTemplateSetupList, body: SaveTicketSetupItemRequest) =>
    apiRequest<TicketSetupItemResponse>('POST', apiPaths.ticketSetupList(list), body).then((a) => a.item),
  updateSetupItem: (list: TicketTemplateSetupList, id: number, body: SaveTicketSetupItemRequest) =>
    apiRequest<TicketSetupItemResponse>('PUT', apiPaths.ticketSetupItem(list, id), body).then((a) => a.item),
  deleteSetupItem: (list: TicketTemplateSetupList, id: number) =>
    apiRequest<unknown>('DELETE', apiPaths.ticketSetupItem(list, id)),

  forms: () => apiRequest<ListTicketFormsResponse>('GET', apiPaths.ticketForms()).then((a) => a.forms),
  createForm: (body: SaveTicketFormRequest) =>
    apiRequest<TicketFormResponse>('POST', apiPaths.ticketForms(), body).then((a) => a.form),
  updateForm: (id: number, body: SaveTicketFormRequest) =>
    apiRequest<TicketFormResponse>('PUT', apiPaths.ticketForm(id), body).then((a) => a.form),
  deleteForm: (id: number) => apiRequest<unknown>('DELETE', apiPaths.ticketForm(id)),

  /** The mailboxes whose mail becomes tickets (ticket-mail.ts). */
  mailboxes: () =>
    apiRequest<ListTicketMailboxesResponse>('GET', apiPaths.ticketMailboxes()).then((a) => a.data),
  createMailbox: (body: SaveTicketMailboxRequest) =>
    apiRequest<TicketMailbox>('POST', apiPaths.ticketMailboxes(), body),
  updateMailbox: (id: number, body: SaveTicketMailboxRequest) =>
    apiRequest<TicketMailbox>('PUT', apiPaths.ticketMailbox(id), body),
  deleteMailbox: (id: number) => apiRequest<unknown>('DELETE', apiPaths.ticketMailbox(id)),

  /** The technicians a ticket of the organization may be assigned to (`ticketing.manage`). */
  assignees: (organizationId: number) =>
    apiRequest<ListTicketAssigneesResponse>(
      'GET',
      `${apiPaths.ticketAssignees()}${toQuery({ organizationId })}`,
    ).then((a) => a.data),

  /** Every technician, for a board's assignee rule (needs `users.view`; without it the signed-in user only). */
  technicians: () =>
    apiRequest<ListUsersResponse>(
      'GET',
      `${apiPaths.users()}${toQuery({ userType: 'TECHNICIAN', page: 1, pageSize: 500 })}`,
    ).then((a) => a.data),
};
