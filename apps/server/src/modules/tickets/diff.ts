import type { TicketLoggedField, TicketPriority, TicketSeverity, UpdateTicketInput } from '@rmm/domain';
import type { DbOrTx } from '../../db/database.ts';
import { priorityRank, severityRank, toTicket } from './mapper.ts';
import { resolveRequester } from './references.ts';
import type { NewTicketRecord, TicketRow } from './repository.ts';

/**
 * What an update changes: the columns to write and the log's `{field, from, to}` for each field whose value
 * differs from the ticket's (as the contract shows it: priority as its name, the requester as an object).
 */

export type TicketChange = { field: TicketLoggedField; from: unknown; to: unknown };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type Plain = Exclude<TicketLoggedField, 'requester' | 'priority' | 'severity' | 'followUpTime'>;
const plainFields: readonly Plain[] = [
  'locationId',
  'deviceId',
  'formId',
  'subject',
  'description',
  'isDescriptionPublic',
  'type',
  'statusId',
  'teamId',
  'subtypeId',
  'itemId',
  'impactId',
  'tags',
  'ccEmails',
  'assigneeId',
  'additionalAssigneeIds',
  'attachmentIds',
  'parentTicketId',
  'agreementId',
  'fieldValues',
];

export const diffTicket = async (db: DbOrTx, row: TicketRow, input: UpdateTicketInput) => {
  const before = { ...toTicket(row, []), attachmentIds: row.attachmentIds };
  const columns: Partial<NewTicketRecord> = {};
  const changes: TicketChange[] = [];
  const record = (field: TicketLoggedField, from: unknown, to: unknown) => {
    if (!same(from, to)) changes.push({ field, from, to });
    return !same(from, to);
  };
  for (const field of plainFields) {
    const next = input[field];
    if (next !== undefined && record(field, before[field], next)) Object.assign(columns, { [field]: next });
  }
  if (input.priority !== undefined && record('priority', before.priority, input.priority)) {
    columns.priority = priorityRank(input.priority as TicketPriority);
  }
  if (input.severity !== undefined && record('severity', before.severity, input.severity)) {
    columns.severity = severityRank(input.severity as TicketSeverity);
  }
  if (input.followUpTime !== undefined) {
    const next = input.followUpTime === null ? null : new Date(input.followUpTime).toISOString();
    if (record('followUpTime', before.followUpTime, next))
      columns.followUpTime = next === null ? null : new Date(next);
  }
  if (input.requester !== undefined) {
    const next = await resolveRequester(db, input.requester);
    const to =
      next.requesterUserId === null && next.requesterEmail === null
        ? null
        : {
            userId: next.requesterUserId,
            email: next.requesterEmail,
            name: next.requesterName,
          };
    if (record('requester', before.requester, to)) Object.assign(columns, next);
  }
  return { columns, changes };
};
