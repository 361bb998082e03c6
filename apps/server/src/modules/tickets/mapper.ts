import {
  type BoardColumn,
  BoardConditions,
  BoardSort,
  type Ticket,
  type TicketAttachment,
  type TicketBoard,
  type TicketFieldValue,
  type TicketForm,
  type TicketFormField,
  type TicketLogEntry,
  type TicketPriority,
  type TicketSetupItem,
  type TicketSeverity,
  type TicketSource,
  type TicketStatus,
  type TicketStatusCategory,
  type TicketSummary,
  type TicketTemplateSetupList,
  type TicketTimerSetting,
  type TicketType,
  type TimeEntry,
  ticketPriorities,
  ticketSeverities,
} from '@rmm/domain';
import type { TicketLogRecord, TicketRow } from './repository.ts';
import type { BoardRecord, FormRecord, SetupItemRecord, StatusRecord } from './setup-repository.ts';

/** Database rows as the contract's objects. */

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export const priorityRank = (priority: TicketPriority) => ticketPriorities.indexOf(priority);
export const severityRank = (severity: TicketSeverity) => ticketSeverities.indexOf(severity);
const priorityOf = (rank: number): TicketPriority => ticketPriorities[rank] ?? 'NONE';
const severityOf = (rank: number): TicketSeverity => ticketSeverities[rank] ?? 'NONE';

const requesterOf = (row: TicketRow): TicketSummary['requester'] =>
  row.requesterUserId === null && row.requesterEmail === null
    ? null
    : { userId: row.requesterUserId, email: row.requesterEmail, name: row.requesterName };

export const toTicketSummary = (row: TicketRow): TicketSummary => ({
  id: row.id,
  organizationId: row.organizationId,
  organizationName: row.organizationName,
  locationId: row.locationId,
  deviceId: row.deviceId,
  deviceName: row.deviceName,
  subject: row.subject,
  type: row.type as TicketType,
  source: row.source as TicketSource,
  statusId: row.statusId,
  status: { id: row.statusId, name: row.statusName, category: row.statusCategory as TicketStatusCategory },
  priority: priorityOf(row.priority),
  severity: severityOf(row.severity),
  teamId: row.teamId,
  tags: row.tags,
  requester: requesterOf(row),
  assigneeId: row.assigneeId,
  assigneeName: row.assigneeName,
  followUpTime: isoOrNull(row.followUpTime),
  parentTicketId: row.parentTicketId,
  timeTrackedSeconds: row.timeTrackedSeconds,
  version: row.version,
  createTime: iso(row.createdAt),
  updateTime: iso(row.updatedAt),
});

export const toTicket = (row: TicketRow, attachments: TicketAttachment[]): Ticket => ({
  ...toTicketSummary(row),
  formId: row.formId,
  description: row.description,
  isDescriptionPublic: row.isDescriptionPublic,
  subtypeId: row.subtypeId,
  itemId: row.itemId,
  impactId: row.impactId,
  ccEmails: row.ccEmails,
  additionalAssigneeIds: row.additionalAssigneeIds,
  attachments,
  agreementId: row.agreementId,
  fieldValues: row.fieldValues as Record<string, TicketFieldValue>,
  createdBy: row.createdBy,
});

/** What a log row's `data` holds, by type. */
export type LogData = {
  changes?: { field: string; from: unknown; to: unknown }[];
  attachmentIds?: string[];
  timeEntry?: TimeEntry;
};

export const toLogEntry = (
  row: TicketLogRecord,
  attachmentsOf: (ids: readonly string[]) => TicketAttachment[],
): TicketLogEntry => {
  const base = {
    id: row.id,
    ticketId: row.ticketId,
    actorId: row.actorId,
    actorName: row.actorName,
    source: row.source as TicketSource,
    createTime: iso(row.createdAt),
  };
  const data = row.data as LogData;
  switch (row.type) {
    case 'COMMENT':
      return {
        ...base,
        type: 'COMMENT',
        body: row.body ?? '',
        isPublic: row.isPublic ?? false,
        attachments: attachmentsOf(data.attachmentIds ?? []),
      };
    case 'TIME_ENTRY':
      return { ...base, type: 'TIME_ENTRY', timeEntry: data.timeEntry! };
    case 'CHANGE':
      return { ...base, type: 'CHANGE', changes: (data.changes ?? []) as never };
    default:
      return { ...base, type: 'CREATED' };
  }
};

export const toStatus = (row: StatusRecord): TicketStatus => ({
  id: row.id,
  name: row.name,
  category: row.category as TicketStatusCategory,
  isSystem: row.isSystem,
  isActive: row.isActive,
  position: row.position,
});

/** A status as an item of the `statuses` setup list. */
export const statusAsSetupItem = (row: StatusRecord): TicketSetupItem => ({
  id: row.id,
  list: 'statuses',
  name: row.name,
  key: null,
  category: row.category as TicketStatusCategory,
  parentId: null,
  parentKey: null,
  isSystem: row.isSystem,
  isActive: row.isActive,
  position: row.position,
});

export const toSetupItem = (row: SetupItemRecord): TicketSetupItem => ({
  id: row.id,
  list: row.list as TicketTemplateSetupList,
  name: row.name,
  key: row.key,
  category: null,
  parentId: row.parentId,
  parentKey: row.parentKey as TicketType | null,
  isSystem: row.isSystem,
  isActive: row.isActive,
  position: row.position,
});

export const boardAsSetupItem = (row: BoardRecord, position: number): TicketSetupItem => ({
  id: row.id,
  list: 'boards',
  name: row.name,
  key: null,
  category: null,
  parentId: null,
  parentKey: null,
  isSystem: row.isSystem,
  isActive: true,
  position,
});

export const toForm = (row: FormRecord): TicketForm => ({
  id: row.id,
  name: row.name,
  description: row.description,
  fields: row.fields as TicketFormField[],
  timer: row.timer as TicketTimerSetting,
  isActive: row.isActive,
  createTime: iso(row.createdAt),
  updateTime: iso(row.updatedAt),
});

export const toBoard = (row: BoardRecord): TicketBoard => ({
  id: row.id,
  name: row.name,
  conditions: BoardConditions.parse(row.conditions),
  columns: row.columns as BoardColumn[],
  sort: BoardSort.parse(row.sort),
  isSystem: row.isSystem,
  createTime: iso(row.createdAt),
  updateTime: iso(row.updatedAt),
});
