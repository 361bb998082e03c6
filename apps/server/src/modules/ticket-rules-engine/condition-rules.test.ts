import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../../test/agents.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { withDatabase } from '../../../test/postgres-global-setup.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { roles, ticketRuleAlertTickets, users } from '../../db/schema.ts';
import { alertsOf, nextTime } from '../monitoring/test-fixtures.ts';
import { conditionRuleset, cpuDevice, logOf, ticketOf, ticketsOf } from './test-fixtures.ts';

/**
 * Condition rules end to end: a hand-driven agent reports a CPU condition, the monitoring engine raises and
 * resets its alerts (and writes the alert_events feed), and the ticket rules engine, ticked with the times each
 * test names, turns them into tickets read back through the API.
 */

let ctx: TestContext;
let serverUrl: string;
beforeAll(async () => {
  // The rules' clock runs when a test ticks it (with the time it names); the alert sweeper never.
  ctx = await createTestApp({ ticketRulesIntervalMs: 3_600_000, alertSweepIntervalMs: 3_600_000 });
  serverUrl = await listen(ctx);
});
afterAll(() => ctx?.close());

const MINUTE = 60_000;
const tick = (now?: Date) => ctx.app.ticketRules.tick(now);
const resetTimeOf = async (deviceId: number) => {
  const [reset] = await alertsOf(ctx, `deviceId=${deviceId}&status=RESET`);
  return new Date(reset!.resetTime!);
};

describe('condition rules', () => {
  it('creates a ticket when the condition triggers, sets the reset status after the reset time, and updates the open ticket when it triggers again', async () => {
    const rulesetId = await conditionRuleset(ctx, { name: 'CPU tickets' });
    const device = await cpuDevice(ctx, serverUrl, { mode: 'RULESET', rulesetId });
    await device.trigger(true);
    await tick();

    const [created] = await ticketsOf(ctx, `deviceId=${device.deviceId}`);
    expect(created).toMatchObject({
      organizationId: device.organization.id,
      deviceId: device.deviceId,
      subject: expect.stringContaining('CPU high on '),
      source: 'CONDITION',
      statusId: 2,
      tags: ['cpu'],
      // The ruleset's priority; its severity is null: the alert's.
      priority: 'HIGH',
      severity: 'MAJOR',
      requester: null,
    });
    const ticket = await ticketOf(ctx, created!.id);
    expect(ticket).toMatchObject({ type: 'INCIDENT', formId: null, createdBy: 'Ruleset: CPU tickets' });
    expect(ticket.description).toContain('CPU at 97% for 5 minutes');

    // The condition clears: the ticket waits for the reset time (15 minutes), then takes the reset status.
    await device.trigger(false);
    const resetAt = await resetTimeOf(device.deviceId);
    await tick(new Date(resetAt.getTime() + 14 * MINUTE));
    expect((await ticketOf(ctx, created!.id)).statusId).toBe(2);
    await tick(new Date(resetAt.getTime() + 15 * MINUTE));
    expect((await ticketOf(ctx, created!.id)).statusId).toBe(3);

    // It triggers again while its ticket is open (Waiting): the same ticket, updated, with a comment.
    await device.trigger(true);
    await tick();
    expect(await ticketsOf(ctx, `deviceId=${device.deviceId}`)).toHaveLength(1);
    const updated = await ticketOf(ctx, created!.id);
    expect(updated).toMatchObject({
      statusId: 2,
      tags: ['cpu', 'again'],
      priority: 'HIGH',
      severity: 'CRITICAL',
    });
    const log = await logOf(ctx, created!.id);
    expect(log.map((entry) => [entry.type, entry.actorName])).toEqual([
      ['CREATED', 'Ruleset: CPU tickets'],
      ['CHANGE', 'Ruleset: CPU tickets'],
      ['CHANGE', 'Ruleset: CPU tickets'],
      ['COMMENT', 'Ruleset: CPU tickets'],
    ]);
    expect(log.at(-1)).toMatchObject({ isPublic: false, body: expect.stringContaining('triggered again') });

    // It clears and triggers again before the reset time: the reset is called off.
    await device.trigger(false);
    const secondReset = await resetTimeOf(device.deviceId);
    await device.trigger(true);
    await tick(new Date(secondReset.getTime() + 60 * MINUTE));
    expect((await ticketOf(ctx, created!.id)).statusId).toBe(2);
    expect(await ticketsOf(ctx, `deviceId=${device.deviceId}`)).toHaveLength(1);
  });

  it('makes the device’s owner the requester when the ruleset says useOwnerAsRequester', async () => {
    const rulesetId = await conditionRuleset(ctx, { name: 'Owner tickets' });
    const device = await cpuDevice(ctx, serverUrl, { mode: 'RULESET', rulesetId });
    const [endUserRole] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'End user'));
    const [owner] = await ctx.db
      .insert(users)
      .values({
        email: `owner-${device.deviceId}@test.local`,
        name: 'Olivia Owner',
        userType: 'END_USER',
        organizationId: device.organization.id,
        roleId: endUserRole!.id,
        organizationScope: [device.organization.id],
      })
      .returning();
    const set = await ctx.request('PATCH', `/devices/${device.deviceId}`, { ownerUserId: owner!.id });
    expect(set.statusCode, set.body).toBe(200);

    await device.trigger(true);
    await tick();
    const [ticket] = await ticketsOf(ctx, `deviceId=${device.deviceId}`);
    expect(ticket?.requester).toEqual({ userId: owner!.id, email: owner!.email, name: 'Olivia Owner' });
  });

  it('creates a new ticket on every re-trigger when the ruleset says createNewTicket', async () => {
    const rulesetId = await conditionRuleset(ctx, {
      conditionReTriggerSettings: {
        createNewTicket: true,
        status: null,
        tags: [],
        priority: null,
        severity: null,
      },
    });
    const device = await cpuDevice(ctx, serverUrl, { mode: 'RULESET', rulesetId });
    await device.trigger(true);
    await tick();
    await device.trigger(false);
    await device.trigger(true);
    await tick();
    const tickets = await ticketsOf(ctx, `deviceId=${device.deviceId}`);
    expect(tickets.map((t) => [t.statusId, t.tags])).toEqual([
      [2, ['cpu']],
      [2, ['cpu']],
    ]);
    // The second is the key's current ticket: its reset goes to it.
    const links = await ctx.db
      .select()
      .from(ticketRuleAlertTickets)
      .where(eq(ticketRuleAlertTickets.deviceId, device.deviceId));
    expect(links.filter((l) => l.isCurrent).map((l) => l.ticketId)).toEqual([tickets[1]!.id]);
  });

  it('creates a new ticket when the key’s last one is resolved, whatever createNewTicket says', async () => {
    const rulesetId = await conditionRuleset(ctx, {
      conditionResetSettings: { status: 5, time: { value: 1, unit: 'HOURS' } },
    });
    const device = await cpuDevice(ctx, serverUrl, { mode: 'RULESET', rulesetId });
    await device.trigger(true);
    await tick();
    await device.trigger(false);
    await tick(new Date((await resetTimeOf(device.deviceId)).getTime() + 60 * MINUTE));
    await device.trigger(true);
    await tick();
    const tickets = await ticketsOf(ctx, `deviceId=${device.deviceId}`);
    expect(tickets.map((t) => t.statusId)).toEqual([5, 2]);
  });

  it('makes no ticket for a disabled ruleset or for NONE', async () => {
    const disabledId = await conditionRuleset(ctx, { enabled: false });
    const disabled = await cpuDevice(ctx, serverUrl, { mode: 'RULESET', rulesetId: disabledId });
    const none = await cpuDevice(ctx, serverUrl, { mode: 'NONE' });
    await disabled.trigger(true);
    await none.trigger(true);
    await tick();
    expect(await alertsOf(ctx, `deviceId=${disabled.deviceId}`)).toHaveLength(1);
    expect(await ticketsOf(ctx, `deviceId=${disabled.deviceId}`)).toEqual([]);
    expect(await ticketsOf(ctx, `deviceId=${none.deviceId}`)).toEqual([]);
  });

  it('makes one ticket for one trigger when two server processes read the feed together', async () => {
    let otherDatabase: Database | undefined;
    if (ctx.database.driver === 'postgres') {
      const result = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const url = withDatabase(process.env.DATABASE_URL!, result.rows[0]!.name);
      otherDatabase = await openDatabase({ driver: 'postgres', url, poolSize: 3 });
    }
    const other = await buildApp({
      config: ctx.config,
      database: otherDatabase ?? ctx.database,
      secretKey: Buffer.alloc(32, 7),
      logger: false,
      bus: ctx.app.bus,
    });
    try {
      await other.ready();
      const rulesetId = await conditionRuleset(ctx);
      const devices = await Promise.all(
        [1, 2, 3].map(() => cpuDevice(ctx, serverUrl, { mode: 'RULESET', rulesetId })),
      );
      const at = nextTime();
      await Promise.all(devices.map((device) => device.trigger(true, at)));
      await Promise.all([tick(), other.ticketRules.tick(), tick(), other.ticketRules.tick()]);
      // Whatever one process left (the other held the feed), the next ticks take.
      await Promise.all([tick(), other.ticketRules.tick()]);
      for (const device of devices)
        expect(await ticketsOf(ctx, `deviceId=${device.deviceId}`)).toHaveLength(1);
      // The database holds it too: a second current ticket for a key is refused.
      const [link] = await ctx.db
        .select()
        .from(ticketRuleAlertTickets)
        .where(eq(ticketRuleAlertTickets.deviceId, devices[0]!.deviceId));
      const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = link!;
      await expect(ctx.db.insert(ticketRuleAlertTickets).values(copy)).rejects.toThrow();
    } finally {
      await other.close();
      await otherDatabase?.close();
    }
  });

  it('uses the ruleset that is the default when the condition triggers for DEFAULT', async () => {
    const device = await cpuDevice(ctx, serverUrl, { mode: 'DEFAULT' });
    await device.trigger(true);
    await tick();
    const [first] = await ticketsOf(ctx, `deviceId=${device.deviceId}`);
    // The seeded default: New, the alert's priority and severity, no tags.
    expect(first).toMatchObject({ statusId: 1, priority: 'MEDIUM', severity: 'MAJOR', tags: [] });
    expect((await ticketOf(ctx, first!.id)).createdBy).toBe('Ruleset: Default');

    // Last in this file: another ruleset becomes the default.
    await conditionRuleset(ctx, { name: 'Another default', isDefault: true });
    const other = await cpuDevice(ctx, serverUrl, { mode: 'DEFAULT' });
    await other.trigger(true);
    await tick();
    const [second] = await ticketsOf(ctx, `deviceId=${other.deviceId}`);
    expect(second).toMatchObject({ statusId: 2, tags: ['cpu'], priority: 'HIGH' });
  });
});
