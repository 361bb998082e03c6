import { randomUUID } from 'node:crypto';
import { messages, type Ticket, type TicketChangedEvent, ticketingMessages } from '@rmm/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganizationInput,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts';
import { ALL_CONSOLE_EVENTS } from '../../bus/subjects.ts';
import { activities, devices, locations, users } from '../../db/schema.ts';

let ctx: TestContext;
let orgA: { id: number; locationId: number };
let orgB: { id: number; locationId: number };
let deviceA: number;
let deviceB: number;
/** Works tickets of organization A only. */
let scopedTech: string;
let scopedTechUser: { id: number; roleId: number };
/** Reads tickets (every organization) without working them. */
let reader: string;
let readerId: number;

const unique = () => randomUUID().slice(0, 8);
const newOrganization = async () => {
  const org = (await ctx.request('POST', '/organizations', createOrganizationInput())).json();
  return { id: org.id as number, locationId: org.locations[0].id as number };
};
const newDevice = async (organizationId: number, locationId: number | null = null) => {
  const [row] = await ctx.db
    .insert(devices)
    .values({ organizationId, locationId, displayName: `PC-${unique()}` })
    .returning({ id: devices.id });
  return row!.id;
};

/** A ticket created by the administrator, unique per call. */
const createTicket = async (overrides: Record<string, unknown> = {}, cookie?: string) => {
  const response = await ctx.request(
    'POST',
    '/tickets',
    { organizationId: orgA.id, subject: `Ticket ${unique()}`, ...overrides },
    { cookie },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().ticket as Ticket;
};
const patch = (id: number, body: unknown, cookie?: string) =>
  ctx.request('PATCH', `/tickets/${id}`, body, { cookie });
const logOf = async (id: number) => (await ctx.request('GET', `/tickets/${id}/log`)).json().data;

beforeAll(async () => {
  ctx = await createTestApp();
  orgA = await newOrganization();
  orgB = await newOrganization();
  deviceA = await newDevice(orgA.id, orgA.locationId);
  deviceB = await newDevice(orgB.id);
  const tech = await createUser(ctx, {
    permissions: ['ticketing.view', 'ticketing.manage', 'helpTickets.submit'],
    scope: [orgA.id],
  });
  scopedTech = tech.cookie;
  scopedTechUser = tech;
  const readOnly = await createUser(ctx, { permissions: ['ticketing.view'], scope: 'all' });
  reader = readOnly.cookie;
  readerId = readOnly.id;
});
afterAll(() => ctx?.close());

describe('tickets', () => {
  it('creates a ticket, reads it, changes it and logs every change', async () => {
    const ticket = await createTicket({
      subject: '  Printer jams on floor 2 ',
      description: '**Paper** jam <script>alert(1)</script>',
      deviceId: deviceA,
      priority: 'HIGH',
      tags: ['printer', 'printer'],
      requester: { email: 'Ann@Customer.example', name: 'Ann' },
      ccEmails: ['boss@customer.example'],
    });
    expect(ticket).toMatchObject({
      subject: 'Printer jams on floor 2',
      description: '**Paper** jam <script>alert(1)</script>',
      organizationId: orgA.id,
      deviceId: deviceA,
      locationId: orgA.locationId,
      status: { id: 1, name: 'New', category: 'NEW' },
      type: 'PROBLEM',
      source: 'TECHNICIAN',
      priority: 'HIGH',
      severity: 'NONE',
      tags: ['printer'],
      requester: { userId: null, email: 'Ann@Customer.example', name: 'Ann' },
      ccEmails: ['boss@customer.example'],
      version: 1,
      timeTrackedSeconds: 0,
      createdBy: 'admin@test.local',
    });

    const changed = await patch(ticket.id, {
      version: 1,
      priority: 'LOW',
      statusId: 2,
      tags: ['printer', 'floor2'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().ticket).toMatchObject({
      priority: 'LOW',
      status: { id: 2, category: 'OPEN' },
      tags: ['printer', 'floor2'],
      version: 2,
    });
    expect((await ctx.request('GET', `/tickets/${ticket.id}`)).json().ticket.version).toBe(2);

    const log = await logOf(ticket.id);
    expect(log.map((entry: { type: string }) => entry.type)).toEqual(['CHANGE', 'CREATED']);
    expect(log[0].changes).toEqual([
      { field: 'statusId', from: 1, to: 2 },
      { field: 'tags', from: ['printer'], to: ['printer', 'floor2'] },
      { field: 'priority', from: 'HIGH', to: 'LOW' },
    ]);
    const recorded = await ctx.db
      .select({ action: activities.action })
      .from(activities)
      .where(and(eq(activities.targetType, 'ticket'), eq(activities.targetId, String(ticket.id))));
    expect(recorded.map((row) => row.action).sort()).toEqual(['ticket.create', 'ticket.update']);
  });

  it('changes nothing and keeps the version when nothing differs', async () => {
    const ticket = await createTicket({ priority: 'MEDIUM' });
    const same = await patch(ticket.id, { version: 1, priority: 'MEDIUM' });
    expect(same.json().ticket.version).toBe(1);
    expect(await logOf(ticket.id)).toHaveLength(1);
  });

  it('answers 409 with the current ticket to a stale version, and keeps the newer change', async () => {
    const ticket = await createTicket();
    expect((await patch(ticket.id, { version: 1, subject: 'First' })).statusCode).toBe(200);
    const stale = await patch(ticket.id, { version: 1, subject: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: { code: 'TICKET_VERSION_CONFLICT', message: ticketingMessages.versionConflict },
      ticket: { id: ticket.id, subject: 'First', version: 2 },
    });
    expect((await ctx.request('GET', `/tickets/${ticket.id}`)).json().ticket.subject).toBe('First');
  });

  it('tells open consoles of each change', async () => {
    const events: TicketChangedEvent[] = [];
    const stop = ctx.app.bus.subscribe(ALL_CONSOLE_EVENTS, (message) => {
      if ((message as { type?: string }).type === 'ticket.changed')
        events.push(message as TicketChangedEvent);
    });
    try {
      const ticket = await createTicket();
      await patch(ticket.id, { version: 1, severity: 'MAJOR' });
      await ctx.request('POST', `/tickets/${ticket.id}/comments`, { body: 'Looking' });
      await ctx.app.bus.flush();
      const mine = events.filter((event) => event.ticket.id === ticket.id);
      expect(mine.map((event) => event.change)).toEqual(['CREATED', 'UPDATED', 'COMMENTED']);
      expect(mine[1]).toMatchObject({ organizationId: orgA.id, ticket: { severity: 'MAJOR', version: 2 } });
    } finally {
      stop();
    }
  });

  it('refuses a device or location of another organization, and unknown references', async () => {
    const wrongDevice = await ctx.request('POST', '/tickets', {
      organizationId: orgA.id,
      subject: 'x',
      deviceId: deviceB,
    });
    expect(wrongDevice.statusCode).toBe(422);
    expect(wrongDevice.json().error).toEqual({
      code: 'TICKET_INVALID',
      message: ticketingMessages.deviceNotInOrganization,
    });
    const wrongLocation = await ctx.request('POST', '/tickets', {
      organizationId: orgA.id,
      subject: 'x',
      locationId: orgB.locationId,
    });
    expect(wrongLocation.json().error.message).toBe(ticketingMessages.locationNotInOrganization);
    const ticket = await createTicket();
    const moved = await patch(ticket.id, { version: 1, deviceId: deviceB });
    expect(moved.statusCode).toBe(422);
    const status = await patch(ticket.id, { version: 1, statusId: 999_999 });
    expect(status.json().error.code).toBe('TICKET_INVALID');
  });

  it('answers bad input with {error:{code,message}}', async () => {
    const long = await ctx.request('POST', '/tickets', { organizationId: orgA.id, subject: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('subject'),
    });
    const ticket = await createTicket();
    const unknown = await patch(ticket.id, { version: 1, organizationId: orgB.id });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('VALIDATION_FAILED');
    const noVersion = await patch(ticket.id, { subject: 'no version' });
    expect(noVersion.json().error.code).toBe('VALIDATION_FAILED');
    const cc = await ctx.request('POST', '/tickets', {
      organizationId: orgA.id,
      subject: 'x',
      ccEmails: ['nope'],
    });
    expect(cc.json().error.message).toContain(messages.validation.invalidEmail);
  });
});

describe('the log’s names', () => {
  it('names the location, form, problem and assignee a change refers to; what is gone or out of scope by id only', async () => {
    const [room] = await ctx.db
      .insert(locations)
      .values({ organizationId: orgA.id, name: 'Room 12' })
      .returning({ id: locations.id });
    const form = (await ctx.request('POST', '/ticket-forms', { name: `Form ${unique()}` })).json().form;
    const problem = await createTicket({
      organizationId: orgB.id,
      type: 'PROBLEM',
      subject: 'Printers down',
    });
    const ticket = await createTicket();
    const changed = await patch(ticket.id, {
      version: 1,
      locationId: room!.id,
      formId: form.id,
      parentTicketId: problem.id,
      assigneeId: scopedTechUser.id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const namesFor = async (cookie?: string) =>
      (await ctx.request('GET', `/tickets/${ticket.id}/log`, undefined, { cookie })).json().names;
    expect(await namesFor()).toEqual({
      locations: { [room!.id]: 'Room 12' },
      forms: { [form.id]: form.name },
      tickets: { [problem.id]: 'Printers down' },
      users: { [scopedTechUser.id]: expect.stringMatching(/^Tech /) },
      agreements: {},
    });

    await ctx.db.delete(locations).where(eq(locations.id, room!.id));
    // The technician of organization A does not see B's problem.
    expect(await namesFor(scopedTech)).toMatchObject({ locations: {}, tickets: {} });
  });
});

describe('assignees', () => {
  it('lists the technicians who may work the organization’s tickets, and assigns only them', async () => {
    const [disabled] = await ctx.db
      .insert(users)
      .values({ email: `off-${unique()}@test.local`, roleId: scopedTechUser.roleId, isEnabled: false })
      .returning({ id: users.id });
    const idsFor = async (organizationId: number) => {
      const response = await ctx.request('GET', `/tickets/assignees?organizationId=${organizationId}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((row: { id: number }) => row.id) as number[];
    };
    const forA = await idsFor(orgA.id);
    expect(forA).toContain(scopedTechUser.id);
    expect(forA).not.toContain(readerId);
    expect(forA).not.toContain(disabled!.id);
    expect(await idsFor(orgB.id)).not.toContain(scopedTechUser.id);
    // Asked for an organization outside the caller's scope: as if it did not exist.
    const foreign = await ctx.request('GET', `/tickets/assignees?organizationId=${orgB.id}`, undefined, {
      cookie: scopedTech,
    });
    expect(foreign.statusCode).toBe(404);

    const ticket = await createTicket();
    const toReader = await patch(ticket.id, { version: 1, assigneeId: readerId });
    expect(toReader.statusCode).toBe(422);
    expect(toReader.json().error.message).toBe(`${ticketingMessages.notAssignable} (user ${readerId})`);
    const onB = await ctx.request('POST', '/tickets', {
      organizationId: orgB.id,
      subject: 'x',
      additionalAssigneeIds: [scopedTechUser.id],
    });
    expect(onB.statusCode).toBe(422);
    expect((await patch(ticket.id, { version: 1, assigneeId: scopedTechUser.id })).statusCode).toBe(200);
  });
});

describe('organization scope', () => {
  it('hides another organization’s tickets: 404 to read, change or comment, absent from lists', async () => {
    const foreign = await createTicket({ organizationId: orgB.id, deviceId: deviceB });
    const own = await createTicket();
    expect(
      (await ctx.request('GET', `/tickets/${foreign.id}`, undefined, { cookie: scopedTech })).statusCode,
    ).toBe(404);
    const edit = await patch(foreign.id, { version: 1, subject: 'mine now' }, scopedTech);
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error.code).toBe('TICKET_NOT_FOUND');
    const comment = await ctx.request(
      'POST',
      `/tickets/${foreign.id}/comments`,
      { body: 'hi' },
      { cookie: scopedTech },
    );
    expect(comment.statusCode).toBe(404);
    const create = await ctx.request(
      'POST',
      '/tickets',
      { organizationId: orgB.id, subject: 'not mine' },
      { cookie: scopedTech },
    );
    expect(create.statusCode).toBe(404);
    const listed = (
      await ctx.request('GET', '/tickets?pageSize=200', undefined, { cookie: scopedTech })
    ).json();
    const ids = listed.data.map((t: Ticket) => t.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(foreign.id);
    expect((await ctx.request('GET', `/tickets/${foreign.id}`)).json().ticket.subject).toBe(foreign.subject);
  });

  it('lets a reader read but not change', async () => {
    const ticket = await createTicket();
    expect(
      (await ctx.request('GET', `/tickets/${ticket.id}`, undefined, { cookie: reader })).statusCode,
    ).toBe(200);
    expect((await patch(ticket.id, { version: 1, subject: 'x' }, reader)).statusCode).toBe(403);
    expect(
      (await ctx.request('POST', '/ticket-forms', { name: 'F' }, { cookie: scopedTech })).statusCode,
    ).toBe(403);
  });
});

describe('ticket rules', () => {
  it('refuses a ticket as its own problem, directly or through its incidents', async () => {
    const problem = await createTicket({ type: 'PROBLEM' });
    const self = await patch(problem.id, { version: 1, parentTicketId: problem.id });
    expect(self.statusCode).toBe(422);
    expect(self.json().error).toEqual({
      code: 'TICKET_RULE',
      message: 'Cannot assign ticket to the same problem',
    });
    const child = await createTicket({ type: 'PROBLEM', parentTicketId: problem.id });
    const cycle = await patch(problem.id, { version: 1, parentTicketId: child.id });
    expect(cycle.json().error.message).toBe('Cannot assign ticket to the same problem');
    const notProblem = await createTicket({ type: 'TASK' });
    const under = await ctx.request('POST', '/tickets', {
      organizationId: orgA.id,
      subject: 'x',
      parentTicketId: notProblem.id,
    });
    expect(under.json().error.message).toBe(ticketingMessages.parentNotProblem);
  });

  it('resolving a problem resolves its open incidents, which can then not be edited', async () => {
    const problem = await createTicket({ type: 'PROBLEM' });
    const incident = await createTicket({ type: 'INCIDENT', parentTicketId: problem.id });
    const listed = (await ctx.request('GET', `/tickets?parentTicketId=${problem.id}`)).json().data;
    expect(listed.map((t: Ticket) => t.id)).toEqual([incident.id]);

    expect((await patch(problem.id, { version: 1, statusId: 5 })).statusCode).toBe(200);
    const resolved = (await ctx.request('GET', `/tickets/${incident.id}`)).json().ticket;
    expect(resolved).toMatchObject({ status: { category: 'RESOLVED' }, version: 2 });
    const edit = await patch(incident.id, { version: 2, subject: 'still broken' });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().error).toEqual({
      code: 'TICKET_RULE',
      message: 'This ticket cannot be edited because its parent ticket is resolved',
    });
    const late = await ctx.request('POST', '/tickets', {
      organizationId: orgA.id,
      subject: 'x',
      parentTicketId: problem.id,
    });
    expect(late.json().error.message).toBe(messages.ticketRules.parentResolved);
  });
});

describe('other modules', () => {
  it('create and change tickets through app.ticketing as the server, named in the log', async () => {
    const ticket = await ctx.app.ticketing.createTicket(
      {
        organizationId: orgB.id,
        deviceId: deviceB,
        subject: 'CPU above 90%',
        priority: 'HIGH',
        tags: ['cpu'],
      },
      { actor: { system: 'Ruleset: CPU' }, source: 'CONDITION' },
    );
    expect(ticket).toMatchObject({ source: 'CONDITION', createdBy: 'Ruleset: CPU', priority: 'HIGH' });
    await ctx.app.ticketing.updateTicket(
      ticket.id,
      { version: 1, statusId: 6 },
      { actor: { system: 'Ruleset: CPU' } },
    );
    await ctx.app.ticketing.addComment(
      ticket.id,
      { body: 'Reset', isPublic: false },
      { actor: { system: 'Ruleset: CPU' } },
    );
    const log = await logOf(ticket.id);
    expect(log.map((e: { actorName: string; type: string }) => `${e.type} ${e.actorName}`)).toEqual([
      'COMMENT Ruleset: CPU',
      'CHANGE Ruleset: CPU',
      'CREATED Ruleset: CPU',
    ]);
    await expect(
      ctx.app.ticketing.createTicket({ organizationId: orgB.id, subject: '' }, { actor: { system: 'x' } }),
    ).rejects.toMatchObject({ code: 'TICKET_INVALID' });
  });
});
