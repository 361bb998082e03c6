import {
  DEFAULT_BOARD_COLUMNS,
  DEFAULT_BOARD_NAME,
  defaultBoardConditions,
  systemTicketStatuses,
  type Ticket,
  type TicketBoard,
  type TicketLogEntry,
  type TicketLogNames,
  type TicketSetupItem,
  type TicketSummary,
  type TicketTemplateSetupList,
  ticketPriorities,
  ticketSeverities,
  ticketSources,
  ticketTypes,
} from '@rmm/domain';

let nextId = 100;
const time = '2026-11-20T10:00:00.000Z';

/** A ticket with its fields filled as a new one of the Demo organization; unique id unless given. */
export const createTicket = (overrides: Partial<Ticket> = {}): Ticket => ({
  id: nextId++,
  organizationId: 1,
  organizationName: 'Demo organization',
  locationId: null,
  deviceId: null,
  deviceName: null,
  formId: null,
  subject: 'Printer offline',
  description: 'The **printer** on floor 2 is offline.',
  isDescriptionPublic: true,
  type: 'PROBLEM',
  source: 'TECHNICIAN',
  statusId: 1,
  status: { id: 1, name: 'New', category: 'NEW' },
  priority: 'MEDIUM',
  severity: 'NONE',
  teamId: null,
  subtypeId: null,
  itemId: null,
  impactId: null,
  tags: [],
  requester: null,
  ccEmails: [],
  assigneeId: null,
  assigneeName: null,
  additionalAssigneeIds: [],
  followUpTime: null,
  attachments: [],
  parentTicketId: null,
  agreementId: null,
  fieldValues: {},
  timeTrackedSeconds: 0,
  version: 1,
  createdBy: 'tech@example.com',
  createTime: time,
  updateTime: time,
  ...overrides,
});

/** The board row of a ticket. */
export const summaryOfTicket = (ticket: Ticket): TicketSummary => ({
  id: ticket.id,
  organizationId: ticket.organizationId,
  organizationName: ticket.organizationName,
  locationId: ticket.locationId,
  deviceId: ticket.deviceId,
  deviceName: ticket.deviceName,
  subject: ticket.subject,
  type: ticket.type,
  source: ticket.source,
  statusId: ticket.statusId,
  status: ticket.status,
  priority: ticket.priority,
  severity: ticket.severity,
  teamId: ticket.teamId,
  tags: ticket.tags,
  requester: ticket.requester,
  assigneeId: ticket.assigneeId,
  assigneeName: ticket.assigneeName,
  followUpTime: ticket.followUpTime,
  parentTicketId: ticket.parentTicketId,
  timeTrackedSeconds: ticket.timeTrackedSeconds,
  version: ticket.version,
  createTime: ticket.createTime,
  updateTime: ticket.updateTime,
});

/** Board 1 as the server seeds it, unless told otherwise. */
export const createBoard = (overrides: Partial<TicketBoard> = {}): TicketBoard => ({
  id: 1,
  name: DEFAULT_BOARD_NAME,
  conditions: defaultBoardConditions,
  columns: [...DEFAULT_BOARD_COLUMNS],
  sort: { field: 'updateTime', direction: 'DESC' },
  isSystem: true,
  createTime: time,
  updateTime: time,
  ...overrides,
});

/** A page of tickets as `GET /tickets` and a board's tickets answer it. */
export const ticketPage = (
  tickets: Ticket[],
  { count = tickets.length as number | null, nextCursor = null as string | null } = {},
) => ({
  data: tickets.map(summaryOfTicket),
  count,
  isCountCapped: false,
  nextCursor,
  pageSize: 50,
});

const item = (
  list: TicketTemplateSetupList,
  id: number,
  name: string,
  extra: Partial<TicketSetupItem> = {},
): TicketSetupItem => ({
  id,
  list,
  name,
  key: null,
  category: null,
  parentId: null,
  parentKey: null,
  isSystem: false,
  isActive: true,
  position: id,
  ...extra,
});

const enumItems = (list: TicketTemplateSetupList, keys: readonly string[], first: number) =>
  keys.map((key, index) =>
    item(list, first + index, key.charAt(0) + key.slice(1).toLowerCase().replace(/_/g, ' '), {
      key,
      isSystem: true,
      position: index,
    }),
  );

/** `GET /ticket-setup`: the seeded lists, a team and an impact. */
export const setupAnswer = () => ({
  lists: {
    boards: [],
    statuses: systemTicketStatuses.map((status) =>
      item('statuses', status.id, status.name, {
        category: status.category,
        isSystem: true,
        position: status.id,
      }),
    ),
    teams: [item('teams', 20, 'Service desk')],
    types: enumItems('types', ticketTypes, 30),
    subtypes: [],
    items: [],
    priorities: enumItems('priorities', ticketPriorities, 50),
    sources: enumItems('sources', ticketSources, 60),
    severities: enumItems('severities', ticketSeverities, 70),
    impacts: [item('impacts', 80, 'Whole site')],
  },
});

/** A log entry of a ticket, newest first in a page. */
export const createLogEntry = (
  ticketId: number,
  entry: Partial<TicketLogEntry> & Pick<TicketLogEntry, 'type'>,
) =>
  ({
    id: nextId++,
    ticketId,
    actorId: 1,
    actorName: 'tech@example.com',
    source: 'TECHNICIAN',
    createTime: time,
    ...entry,
  }) as TicketLogEntry;

export const logPage = (entries: TicketLogEntry[], names: Partial<TicketLogNames> = {}) => ({
  data: entries,
  nextCursor: null,
  pageSize: 50,
  names: { locations: {}, forms: {}, tickets: {}, users: {}, agreements: {}, ...names },
});
