import type {
  BoardConditions,
  BoardSort,
  ListTicketsQuery,
  ListTicketsResponse,
  SaveTicketBoardRequest,
  TicketBoard,
} from '@rmm/domain';
import { eq, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { inScope } from '../../lib/scope.ts';
import type { Actor } from '../../types.ts';
import { escapeLike, insertActivity } from '../activities/repository.ts';
import { compileConditions } from './board-sql.ts';
import { actorIdOf, scopeOf, type TicketActor } from './context.ts';
import { ticketingError } from './errors.ts';
import { toBoard, toTicketSummary } from './mapper.ts';
import * as repo from './repository.ts';
import { tickets } from './schema.ts';
import * as setup from './setup-repository.ts';

/**
 * Ticket lists and boards. A list is a page in the sort's order after a cursor (keyset: the sort value and
 * id of the last row), so every page costs the same however deep; the count comes with the first page.
 */

type BoardInput = z.output<typeof SaveTicketBoardRequest>;

type Cursor = { f: BoardSort['field']; d: BoardSort['direction']; v: string | number; i: number };

const encodeCursor = (sort: BoardSort, value: string | number, id: number) =>
  Buffer.from(
    JSON.stringify({ f: sort.field, d: sort.direction, v: value, i: id } satisfies Cursor),
  ).toString('base64url');

/** A cursor of this sort, or INVALID_CURSOR (another sort's, or not one of ours). */
const decodeCursor = (text: string | undefined, sort: BoardSort) => {
  if (text === undefined) return undefined;
  try {
    const cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    const isNumeric = ['id', 'priority', 'severity'].includes(sort.field);
    const isTime = sort.field === 'createTime' || sort.field === 'updateTime';
    const valueOk = isNumeric
      ? Number.isSafeInteger(cursor.v)
      : typeof cursor.v === 'string' && (!isTime || !Number.isNaN(Date.parse(cursor.v)));
    if (cursor.f === sort.field && cursor.d === sort.direction && valueOk && Number.isSafeInteger(cursor.i)) {
      return { value: cursor.v, id: cursor.i };
    }
  } catch {
    // falls through: not a cursor of ours
  }
  throw ticketingError('INVALID_CURSOR');
};

const sortValueOf = (row: repo.TicketRow, sort: BoardSort): string | number => {
  switch (sort.field) {
    case 'createTime':
      return row.createdAt.toISOString();
    case 'updateTime':
      return row.updatedAt.toISOString();
    case 'id':
      return row.id;
    default:
      return row[sort.field];
  }
};

/** The query's own filters: organization, device, problem, and a search of subject or id. */
const filtersOf = (query: ListTicketsQuery): (SQL | undefined)[] => {
  const search = query.search?.trim();
  const searchId = search && /^\d{1,9}$/.test(search) ? Number(search) : undefined;
  return [
    query.organizationId ? eq(tickets.organizationId, query.organizationId) : undefined,
    query.deviceId ? eq(tickets.deviceId, query.deviceId) : undefined,
    query.parentTicketId ? eq(tickets.parentTicketId, query.parentTicketId) : undefined,
    search
      ? or(
          sql`${tickets.subject} ilike ${`%${escapeLike(search)}%`}`,
          searchId === undefined ? undefined : eq(tickets.id, searchId),
        )
      : undefined,
  ];
};

const page = async (
  db: Db,
  actor: TicketActor,
  query: ListTicketsQuery,
  sort: BoardSort,
  conditions?: BoardConditions,
): Promise<ListTicketsResponse> => {
  const cursor = decodeCursor(query.cursor, sort);
  const where = [
    inScope(tickets.organizationId, scopeOf(actor)),
    conditions ? compileConditions(conditions, { currentUserId: actorIdOf(actor) }) : undefined,
    ...filtersOf(query),
  ];
  const { rows, count, isCountCapped } = await repo.listTickets(
    db,
    { where, sort, cursor, limit: query.pageSize + 1 },
    cursor === undefined,
  );
  const data = rows.slice(0, query.pageSize);
  const last = data.at(-1);
  return {
    data: data.map(toTicketSummary),
    count,
    isCountCapped,
    nextCursor:
      rows.length > query.pageSize && last ? encodeCursor(sort, sortValueOf(last, sort), last.id) : null,
    pageSize: query.pageSize,
  };
};

/** `GET /tickets`: the caller's tickets with the query's filters and sort. */
export const listTickets = (db: Db, actor: TicketActor, query: ListTicketsQuery) =>
  page(db, actor, query, { field: query.sort, direction: query.direction });

/** A board's tickets: its conditions and sort, narrowed by the query's filters. */
export const listBoardTickets = async (
  db: Db,
  actor: TicketActor,
  boardId: number,
  query: ListTicketsQuery,
) => {
  const board = toBoard(await requireBoard(db, boardId));
  return page(db, actor, query, board.sort, board.conditions);
};

// ---------------------------------------------------------------- boards

const requireBoard = async (db: DbOrTx, id: number) => {
  const board = await setup.findBoard(db, id);
  if (!board) throw ticketingError('BOARD_NOT_FOUND');
  return board;
};

const boardActivity = (actor: Actor, action: string, board: { id: number; name: string }) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'ticketBoard',
  targetId: board.id,
  targetName: board.name,
  outcome: 'SUCCESS' as const,
});

export const listBoards = async (db: Db): Promise<TicketBoard[]> => (await setup.listBoards(db)).map(toBoard);

export const getBoard = async (db: Db, id: number) => toBoard(await requireBoard(db, id));

export const createBoard = (db: Db, actor: Actor, input: BoardInput) =>
  db.transaction(async (tx) => {
    const row = await setup.insertBoard(tx, { ...input, createdBy: actor.id });
    await insertActivity(tx, boardActivity(actor, 'ticketBoard.create', row));
    return toBoard(row);
  });

export const updateBoard = (db: Db, actor: Actor, id: number, input: BoardInput) =>
  db.transaction(async (tx) => {
    await requireBoard(tx, id);
    const row = (await setup.updateBoard(tx, id, { ...input, updatedAt: new Date() }))!;
    await insertActivity(tx, boardActivity(actor, 'ticketBoard.update', row));
    return toBoard(row);
  });

/** Deletes a board; board 1 (the fixed board of spec §9) stays. */
export const deleteBoard = (db: Db, actor: Actor, id: number) =>
  db.transaction(async (tx) => {
    const board = await requireBoard(tx, id);
    if (board.isSystem) throw ticketingError('BOARD_SYSTEM');
    await setup.deleteBoard(tx, id);
    await insertActivity(tx, boardActivity(actor, 'ticketBoard.delete', board));
  });
