import {
  DEFAULT_BOARD_COLUMNS,
  DEFAULT_BOARD_NAME,
  defaultBoardConditions,
  enumSetupListKeys,
  enumTicketSetupLists,
  systemTicketStatuses,
  TICKET_BOARD_ID,
  ticketSourceLabels,
  ticketTypeLabels,
} from '@rmm/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { ticketBoards, ticketSetupItems, ticketStatuses } from './schema.ts';

/**
 * What ticketing needs before the first ticket: the six system statuses (ids 1–6), the items of the
 * enumeration setup lists, and board 1 (spec §9). Run at every start; what exists (and what an administrator
 * renamed) is left as it is, so it is idempotent and safe when several processes start at once.
 */

const capitalized = (key: string) => key.charAt(0) + key.slice(1).toLowerCase().replaceAll('_', ' ');

const labels: Readonly<Record<(typeof enumTicketSetupLists)[number], (key: string) => string>> = {
  types: (key) => ticketTypeLabels[key as keyof typeof ticketTypeLabels] ?? capitalized(key),
  sources: (key) => ticketSourceLabels[key as keyof typeof ticketSourceLabels] ?? capitalized(key),
  priorities: capitalized,
  severities: capitalized,
};

/** Serial ids given by hand: the sequence must start after them. */
const bumpSequence = (db: DbOrTx, table: string) =>
  db.execute(
    sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.identifier(table)}), 1))`,
  );

export const seedTicketing = async (db: DbOrTx) => {
  await db
    .insert(ticketStatuses)
    .values(systemTicketStatuses.map((status, index) => ({ ...status, isSystem: true, position: index + 1 })))
    .onConflictDoNothing();
  await bumpSequence(db, 'ticket_statuses');
  const items = enumTicketSetupLists.flatMap((list) =>
    enumSetupListKeys[list].map((key, index) => ({
      list,
      key,
      name: labels[list](key),
      isSystem: true,
      position: index + 1,
    })),
  );
  await db
    .insert(ticketSetupItems)
    .values(items)
    .onConflictDoNothing({
      target: [ticketSetupItems.list, ticketSetupItems.key],
      where: sql`key is not null`,
    });
  await db
    .insert(ticketBoards)
    .values({
      id: TICKET_BOARD_ID,
      name: DEFAULT_BOARD_NAME,
      conditions: defaultBoardConditions,
      columns: [...DEFAULT_BOARD_COLUMNS],
      sort: { field: 'updateTime', direction: 'DESC' },
      isSystem: true,
    })
    .onConflictDoNothing();
  await bumpSequence(db, 'ticket_boards');
};
