import { randomUUID } from 'node:crypto';
import type { Ticket } from '@rmm/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploadFile } from '../../../test/attachment-files.ts';
import {
  createOrganizationInput,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts';

let ctx: TestContext;
let org: number;
let otherOrg: number;
/** Works tickets of `org` only, and uploads files. */
let tech: string;
/** Reads tickets of `otherOrg` only. */
let outsider: string;

const unique = () => randomUUID().slice(0, 8);
const createTicket = async (overrides: Record<string, unknown> = {}, cookie?: string) => {
  const response = await ctx.request(
    'POST',
    '/tickets',
    { organizationId: org, subject: `T ${unique()}`, ...overrides },
    { cookie },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().ticket as Ticket;
};
const upload = async (cookie: string, name = `notes-${unique()}.txt`) => {
  const response = await uploadFile(ctx, Buffer.from(`some notes ${unique()}`), name, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as string;
};

beforeAll(async () => {
  ctx = await createTestApp();
  org = (await ctx.request('POST', '/organizations', createOrganizationInput())).json().id;
  otherOrg = (await ctx.request('POST', '/organizations', createOrganizationInput())).json().id;
  tech = (
    await createUser(ctx, {
      permissions: ['ticketing.view', 'ticketing.manage', 'helpTickets.submit'],
      scope: [org],
    })
  ).cookie;
  outsider = (await createUser(ctx, { permissions: ['ticketing.view'], scope: [otherOrg] })).cookie;
});
afterAll(() => ctx?.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('attachments', () => {
  it('puts the caller’s uploads on a ticket and a comment, readable by whoever reads the ticket', async () => {
    const fileId = await upload(tech, 'screenshot-notes.txt');
    const ticket = await createTicket({ attachmentIds: [fileId] }, tech);
    expect(ticket.attachments).toEqual([
      expect.objectContaining({
        id: fileId,
        uploadStatus: 'SUCCESS',
        metadata: expect.objectContaining({ name: 'screenshot-notes.txt' }),
        signedUrl: expect.stringContaining(`/ws/attachments/${fileId}/content`),
      }),
    ]);
    const download = await ctx.app.inject({ method: 'GET', url: ticket.attachments[0]!.signedUrl! });
    expect(download.statusCode).toBe(200);
    expect(download.body).toMatch(/^some notes/);

    // The administrator is not the uploader but reads the ticket; the outsider does not.
    expect((await ctx.request('GET', `/ws/attachments/${fileId}`)).statusCode).toBe(200);
    expect(
      (await ctx.request('GET', `/ws/attachments/${fileId}`, undefined, { cookie: outsider })).statusCode,
    ).toBe(404);

    const commentFile = await upload(tech);
    const comment = await ctx.request(
      'POST',
      `/tickets/${ticket.id}/comments`,
      { body: 'See the **log**', isPublic: true, attachmentIds: [commentFile] },
      { cookie: tech },
    );
    expect(comment.statusCode, comment.body).toBe(201);
    expect(comment.json().entry).toMatchObject({
      type: 'COMMENT',
      body: 'See the **log**',
      isPublic: true,
      attachments: [expect.objectContaining({ id: commentFile })],
    });
    const log = (await ctx.request('GET', `/tickets/${ticket.id}/log?type=COMMENT`)).json().data;
    expect(log[0].attachments[0].id).toBe(commentFile);
  });

  it('refuses a file already on a ticket, or another user’s, and detaches a removed one', async () => {
    const fileId = await upload(tech);
    const ticket = await createTicket({ attachmentIds: [fileId] }, tech);
    const again = await ctx.request(
      'POST',
      '/tickets',
      { organizationId: org, subject: 'x', attachmentIds: [fileId] },
      { cookie: tech },
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().error.code).toBe('ATTACHMENT_NOT_USABLE');
    const notMine = await ctx.request('POST', '/tickets', {
      organizationId: org,
      subject: 'x',
      attachmentIds: [await upload(tech)],
    });
    expect(notMine.statusCode).toBe(422);

    const removed = await ctx.request(
      'PATCH',
      `/tickets/${ticket.id}`,
      { version: 1, attachmentIds: [] },
      { cookie: tech },
    );
    expect(removed.json().ticket.attachments).toEqual([]);
    const reused = await createTicket({ attachmentIds: [fileId] }, tech);
    expect(reused.attachments.map((a) => a.id)).toEqual([fileId]);
  });
});

describe('time tracked', () => {
  it('adds time entries by duration or by start and end, and sums them on the ticket', async () => {
    const ticket = await createTicket();
    const byDuration = await ctx.request('POST', `/tickets/${ticket.id}/time-entries`, {
      durationSeconds: 600,
      note: 'Call',
    });
    expect(byDuration.statusCode, byDuration.body).toBe(201);
    expect(byDuration.json().entry).toMatchObject({
      type: 'TIME_ENTRY',
      timeEntry: { durationSeconds: 600, note: 'Call', isBillable: true, method: 'MANUAL' },
    });
    const byRange = await ctx.request('POST', `/tickets/${ticket.id}/time-entries`, {
      startTime: '2026-03-02T09:00:00Z',
      endTime: '2026-03-02T09:45:00Z',
      isBillable: false,
    });
    expect(byRange.json().entry.timeEntry).toMatchObject({
      startTime: '2026-03-02T09:00:00.000Z',
      endTime: '2026-03-02T09:45:00.000Z',
      durationSeconds: 2700,
    });
    const read = (await ctx.request('GET', `/tickets/${ticket.id}`)).json().ticket;
    expect(read).toMatchObject({ timeTrackedSeconds: 3300, version: 1 });
  });

  it('refuses an entry that ends before it starts, or names both a range and a duration', async () => {
    const ticket = await createTicket();
    const backwards = await ctx.request('POST', `/tickets/${ticket.id}/time-entries`, {
      startTime: '2026-03-02T10:00:00Z',
      endTime: '2026-03-02T09:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toContain('The end must be after the start');
    const both = await ctx.request('POST', `/tickets/${ticket.id}/time-entries`, {
      startTime: '2026-03-02T09:00:00Z',
      endTime: '2026-03-02T10:00:00Z',
      durationSeconds: 60,
    });
    expect(both.statusCode).toBe(400);
  });

  it('runs one timer per user and ticket; stopping it writes a time entry', async () => {
    const ticket = await createTicket({}, tech);
    // The clock alone is fake (the database and the sockets run on real time): 25 minutes pass at once.
    const start = new Date(Math.floor(Date.now() / 1000) * 1000);
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const started = await ctx.request('POST', `/tickets/${ticket.id}/timer`, undefined, { cookie: tech });
    expect(started.statusCode, started.body).toBe(201);
    expect(
      (await ctx.request('GET', `/tickets/${ticket.id}`, undefined, { cookie: tech })).json().timer,
    ).toEqual({
      startTime: started.json().timer.startTime,
    });
    const twice = await ctx.request('POST', `/tickets/${ticket.id}/timer`, undefined, { cookie: tech });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('TIMER_RUNNING');
    // Another user's timer is their own.
    expect((await ctx.request('POST', `/tickets/${ticket.id}/timer`)).statusCode).toBe(201);

    vi.setSystemTime(start.getTime() + 25 * 60_000);
    const stopped = await ctx.request(
      'POST',
      `/tickets/${ticket.id}/timer/stop`,
      { note: 'Fixed' },
      { cookie: tech },
    );
    vi.useRealTimers();
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({
      timer: null,
      entry: {
        type: 'TIME_ENTRY',
        timeEntry: { method: 'TIMER', note: 'Fixed', durationSeconds: 1500, startTime: start.toISOString() },
      },
    });
    const again = await ctx.request('POST', `/tickets/${ticket.id}/timer/stop`, {}, { cookie: tech });
    expect(again.json().error.code).toBe('TIMER_NOT_RUNNING');
    expect((await ctx.request('GET', `/tickets/${ticket.id}`)).json().ticket.timeTrackedSeconds).toBe(1500);
  });

  it('refuses a timer when the ticket’s form has it off', async () => {
    const form = (
      await ctx.request('POST', '/ticket-forms', { name: `No timer ${unique()}`, timer: 'OFF' })
    ).json().form;
    const ticket = await createTicket({ formId: form.id });
    const started = await ctx.request('POST', `/tickets/${ticket.id}/timer`);
    expect(started.statusCode).toBe(409);
    expect(started.json().error.code).toBe('TIMER_DISABLED');
  });
});

describe('forms and setup lists', () => {
  it('checks a ticket’s field values against its form', async () => {
    const form = (
      await ctx.request('POST', '/ticket-forms', {
        name: `Onboarding ${unique()}`,
        fields: [
          {
            key: 'office',
            label: 'Office',
            kind: 'DROPDOWN',
            options: ['Berlin', 'Paris'],
            isRequired: true,
          },
          { key: 'laptops', label: 'Laptops', kind: 'NUMBER' },
        ],
      })
    ).json().form;
    const ticket = await createTicket({ formId: form.id, fieldValues: { office: 'Paris', laptops: 2 } });
    expect(ticket.fieldValues).toEqual({ office: 'Paris', laptops: 2 });
    const missing = await ctx.request('POST', '/tickets', {
      organizationId: org,
      subject: 'x',
      formId: form.id,
    });
    expect(missing.json().error).toEqual({ code: 'TICKET_INVALID', message: 'Office is required' });
    const wrong = await ctx.request('PATCH', `/tickets/${ticket.id}`, {
      version: 1,
      fieldValues: { office: 'Rome' },
    });
    expect(wrong.json().error.message).toBe('Office: not a valid dropdown');
  });

  it('lists the setup lists with the seeded system items, and keeps the enumerations fixed', async () => {
    const lists = (await ctx.request('GET', '/ticket-setup')).json().lists;
    expect(lists.statuses.map((s: { name: string }) => s.name)).toEqual([
      'New',
      'Open',
      'Waiting',
      'Paused',
      'Resolved',
      'Closed',
    ]);
    expect(lists.types.map((t: { key: string }) => t.key)).toContain('CHANGE_REQUEST');
    expect(lists.priorities.map((p: { name: string }) => p.name)).toEqual(['None', 'Low', 'Medium', 'High']);
    expect(lists.boards[0]).toMatchObject({ id: 1, name: 'All open tickets' });

    const added = await ctx.request('POST', '/ticket-setup/types', { name: 'Extra' });
    expect(added.statusCode).toBe(422);
    expect(added.json().error.code).toBe('SETUP_LIST_READ_ONLY');
    const renamed = await ctx.request('PUT', `/ticket-setup/priorities/${lists.priorities[3].id}`, {
      name: 'Urgent',
    });
    expect(renamed.json().item).toMatchObject({ name: 'Urgent', key: 'HIGH', isSystem: true });
  });

  it('adds a custom status under a category, refuses to delete one in use or a system one', async () => {
    const created = await ctx.request('POST', '/ticket-setup/statuses', {
      name: 'Waiting on vendor',
      category: 'WAITING',
    });
    expect(created.statusCode, created.body).toBe(201);
    const status = created.json().item;
    expect(status).toMatchObject({ list: 'statuses', category: 'WAITING', isSystem: false });
    const ticket = await createTicket({ statusId: status.id });
    expect(ticket.status).toEqual({ id: status.id, name: 'Waiting on vendor', category: 'WAITING' });
    expect((await ctx.request('DELETE', `/ticket-setup/statuses/${status.id}`)).json().error.code).toBe(
      'SETUP_ITEM_IN_USE',
    );
    expect((await ctx.request('DELETE', '/ticket-setup/statuses/1')).json().error.code).toBe(
      'SETUP_LIST_READ_ONLY',
    );
    const noCategory = await ctx.request('POST', '/ticket-setup/statuses', { name: 'Nowhere' });
    expect(noCategory.json().error.code).toBe('TICKET_INVALID');

    const team = (await ctx.request('POST', '/ticket-setup/teams', { name: `Team ${unique()}` })).json().item;
    const withTeam = await createTicket({ teamId: team.id });
    expect(withTeam.teamId).toBe(team.id);
    expect(
      (await ctx.request('POST', '/tickets', { organizationId: org, subject: 'x', teamId: status.id }))
        .statusCode,
    ).toBe(422);
  });
});
