import { randomUUID } from 'node:crypto';
import type { Ticket, TicketSummary } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganizationInput,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts';

let ctx: TestContext;
let org: number;
let otherOrg: number;
let scopedTech: { cookie: string; email: string };

const unique = () => randomUUID().slice(0, 8);
const newOrganization = async () =>
  (await ctx.request('POST', '/organizations', createOrganizationInput())).json().id as number;
const createTicket = async (overrides: Record<string, unknown>) => {
  const response = await ctx.request('POST', '/tickets', {
    organizationId: org,
    subject: `T ${unique()}`,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().ticket as Ticket;
};
const createBoard = async (body: Record<string, unknown>) => {
  const response = await ctx.request('POST', '/ticket-boards', { name: `Board ${unique()}`, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().board as { id: number };
};
const boardPage = (boardId: number, query = '', cookie?: string) =>
  ctx.request('GET', `/ticket-boards/${boardId}/tickets?organizationId=${org}&${query}`, undefined, {
    cookie,
  });

/** Every page of a board, following the cursors. */
const allPages = async (boardId: number, pageSize: number) => {
  const pages: { data: TicketSummary[]; count: number | null; isCountCapped: boolean }[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const response = await boardPage(boardId, `pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    pages.push(body);
    cursor = body.nextCursor;
  }
  return pages;
};

let fixtures: Ticket[];

beforeAll(async () => {
  ctx = await createTestApp();
  org = await newOrganization();
  otherOrg = await newOrganization();
  scopedTech = await createUser(ctx, {
    permissions: ['ticketing.view', 'ticketing.manage'],
    scope: [otherOrg],
  });
  const priorities = ['NONE', 'LOW', 'MEDIUM', 'HIGH'];
  fixtures = [];
  for (let i = 0; i < 12; i++) {
    fixtures.push(
      await createTicket({
        subject: i % 3 === 0 ? `VPN down ${i}` : `Printer ${i}`,
        priority: priorities[i % 4],
        tags: i % 2 === 0 ? ['vpn'] : [],
        statusId: i === 11 ? 5 : 1,
      }),
    );
  }
  await ctx.request('POST', '/tickets', { organizationId: otherOrg, subject: 'elsewhere', priority: 'HIGH' });
});
afterAll(() => ctx?.close());

describe('boards', () => {
  it('has board 1, "All open tickets", which leaves resolved tickets out and cannot be deleted', async () => {
    const board = (await ctx.request('GET', '/ticket-boards/1')).json().board;
    expect(board).toMatchObject({ id: 1, name: 'All open tickets', isSystem: true });
    const page = (await boardPage(1, 'pageSize=50')).json();
    expect(page.count).toBe(11);
    expect(page.data.map((t: TicketSummary) => t.id)).not.toContain(fixtures[11]!.id);
    const removed = await ctx.request('DELETE', '/ticket-boards/1');
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error.code).toBe('BOARD_SYSTEM');
  });

  it('matches ALL or ANY of its rules', async () => {
    const rules = [
      { field: 'priority', operator: 'IN', value: ['HIGH', 'MEDIUM'] },
      { field: 'tags', operator: 'CONTAINS', value: 'vpn' },
    ];
    const all = await createBoard({
      conditions: { match: 'ALL', rules },
      sort: { field: 'id', direction: 'ASC' },
    });
    const expectedAll = fixtures.filter(
      (t) => ['HIGH', 'MEDIUM'].includes(t.priority) && t.tags.includes('vpn'),
    );
    const allPage = (await boardPage(all.id)).json();
    expect(allPage.data.map((t: TicketSummary) => t.id)).toEqual(expectedAll.map((t) => t.id));

    const any = await createBoard({
      conditions: { match: 'ANY', rules },
      sort: { field: 'id', direction: 'ASC' },
    });
    const expectedAny = fixtures.filter(
      (t) => ['HIGH', 'MEDIUM'].includes(t.priority) || t.tags.includes('vpn'),
    );
    expect((await boardPage(any.id)).json().data.map((t: TicketSummary) => t.id)).toEqual(
      expectedAny.map((t) => t.id),
    );

    const text = await createBoard({
      conditions: { rules: [{ field: 'subject', operator: 'STARTS_WITH', value: 'vpn%' }] },
    });
    expect((await boardPage(text.id)).json().count).toBe(0);
    const vpn = await createBoard({
      conditions: { rules: [{ field: 'subject', operator: 'CONTAINS', value: 'VPN' }] },
    });
    expect((await boardPage(vpn.id)).json().count).toBe(4);
  });

  it('finds the caller’s own tickets with CURRENT_USER', async () => {
    const me = (await ctx.request('GET', '/auth/me')).json().user.id as number;
    const mine = await createTicket({ assigneeId: me });
    const board = await createBoard({
      conditions: { rules: [{ field: 'assigneeId', operator: 'EQUALS', value: 'CURRENT_USER' }] },
    });
    expect((await boardPage(board.id)).json().data.map((t: TicketSummary) => t.id)).toEqual([mine.id]);
    expect((await boardPage(board.id, '', scopedTech.cookie)).json().count).toBe(0);
  });

  it('pages by cursor in its sort, every ticket once, the count on the first page', async () => {
    const board = await createBoard({ sort: { field: 'priority', direction: 'DESC' } });
    const pages = await allPages(board.id, 5);
    const ids = pages.flatMap((page) => page.data.map((t) => t.id));
    expect(pages[0]).toMatchObject({ count: 13, isCountCapped: false });
    expect(pages.slice(1).every((page) => page.count === null)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(13);
    const ranks = pages.flatMap((page) =>
      page.data.map((t) => ['NONE', 'LOW', 'MEDIUM', 'HIGH'].indexOf(t.priority)),
    );
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  });

  it('pages by update time across changes, and refuses a cursor of another sort', async () => {
    const board = await createBoard({ sort: { field: 'updateTime', direction: 'DESC' } });
    const first = (await boardPage(board.id, 'pageSize=4')).json();
    expect(first.data).toHaveLength(4);
    const rest = await allPages(board.id, 4);
    expect(rest.flatMap((p) => p.data).length).toBe(first.count);
    const other = await createBoard({ sort: { field: 'subject', direction: 'ASC' } });
    const wrong = await boardPage(other.id, `cursor=${first.nextCursor}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_CURSOR');
    expect((await boardPage(other.id, 'cursor=garbage')).statusCode).toBe(400);
  });

  it('shows a scoped technician only their organizations’ tickets on any board', async () => {
    const page = (
      await ctx.request('GET', '/ticket-boards/1/tickets', undefined, { cookie: scopedTech.cookie })
    ).json();
    expect(page.data.map((t: TicketSummary) => t.subject)).toEqual(['elsewhere']);
  });

  it('refuses a rule whose operator or value does not fit its field', async () => {
    const bad = await ctx.request('POST', '/ticket-boards', {
      name: 'Bad',
      conditions: { rules: [{ field: 'priority', operator: 'CONTAINS', value: 'HIGH' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('CONTAINS does not apply to priority');
    const unknownField = await ctx.request('POST', '/ticket-boards', {
      name: 'Bad',
      conditions: { rules: [{ field: 'password_hash', operator: 'EQUALS', value: 'x' }] },
    });
    expect(unknownField.statusCode).toBe(400);
  });

  it('saves and deletes a board', async () => {
    const board = await createBoard({ columns: ['id', 'subject'] });
    const saved = await ctx.request('PUT', `/ticket-boards/${board.id}`, {
      name: 'Renamed',
      columns: ['subject', 'priority'],
      sort: { field: 'subject', direction: 'ASC' },
    });
    expect(saved.json().board).toMatchObject({ name: 'Renamed', columns: ['subject', 'priority'] });
    expect((await ctx.request('DELETE', `/ticket-boards/${board.id}`)).statusCode).toBe(200);
    expect((await ctx.request('GET', `/ticket-boards/${board.id}`)).statusCode).toBe(404);
  });
});
