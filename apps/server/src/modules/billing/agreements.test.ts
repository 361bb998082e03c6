import { randomUUID } from 'node:crypto';
import { type Agreement, messages, type TicketBillingResponse } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';
import { devices, users } from '../../db/schema.ts';
import {
  addTime,
  createAgreement,
  createOrganization,
  createProduct,
  createTicket,
} from './test-fixtures.ts';

let ctx: TestContext;
let org: { id: number; name: string };
let otherOrg: { id: number; name: string };
const products = {} as Record<'hardware' | 'devices' | 'labour' | 'endUsers', { id: number; name: string }>;

const billingOf = async (ticketId: number, cookie?: string) => {
  const response = await ctx.request('GET', `/tickets/${ticketId}/billing`, undefined, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TicketBillingResponse;
};
const patchTicket = (ticketId: number, body: Record<string, unknown>) =>
  ctx.request('PATCH', `/tickets/${ticketId}`, body);
const patchAgreement = (agreement: Pick<Agreement, 'id'>, body: Record<string, unknown>) =>
  ctx.request('PATCH', `/billing/agreements/${agreement.id}`, body);
const addProduct = (ticketId: number, body: Record<string, unknown>, cookie?: string) =>
  ctx.request('POST', `/tickets/${ticketId}/products`, body, { cookie });

beforeAll(async () => {
  ctx = await createTestApp();
  org = await createOrganization(ctx);
  otherOrg = await createOrganization(ctx);
  products.hardware = await createProduct(ctx, 'HARDWARE');
  products.devices = await createProduct(ctx, 'MANAGED_DEVICES');
  products.endUsers = await createProduct(ctx, 'MANAGED_END_USER');
  products.labour = await createProduct(ctx, 'LABOR_TICKET_TIME_ENTRY');
});
afterAll(() => ctx?.close());

describe('agreement templates and agreements', () => {
  it('makes an agreement from a template, copying its terms and products', async () => {
    const created = await ctx.request('POST', '/billing/agreement-templates', {
      name: `Managed ${randomUUID().slice(0, 6)}`,
      billingInterval: 'QUARTERLY',
      includedHours: '2.5',
      taxRate: '7.5',
      products: [
        { productId: products.devices.id, quantity: 4 },
        { productId: products.labour.id, price: '150' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json().template;
    expect(
      template.products.map((p: Agreement['products'][number]) => [p.name, p.quantity, p.price]),
    ).toEqual([
      [products.devices.name, 4, '10.00'],
      [products.labour.name, 1, '150.00'],
    ]);

    const agreement = await createAgreement(ctx, {
      organizationId: org.id,
      templateId: template.id,
      name: undefined,
      billingInterval: undefined,
      startDate: '2025-01-31',
    });
    expect(agreement).toMatchObject({
      organizationId: org.id,
      organizationName: org.name,
      templateId: template.id,
      name: template.name,
      billingInterval: 'QUARTERLY',
      startDate: '2025-01-31',
      nextBillDate: '2025-01-31',
      includedHours: '2.50',
      taxRate: '7.5000',
      isActive: true,
      invoiceCount: 0,
      version: 1,
    });
    // Copied with their quantity mode: the managed devices are counted (the default), labour is typed.
    expect(
      agreement.products.map((p) => [p.productId, p.quantity, p.price, p.timeRounding, p.quantityMode]),
    ).toEqual([
      [products.devices.id, 4, '10.00', null, 'COUNTED'],
      [products.labour.id, 1, '150.00', '15_MIN', 'FIXED'],
    ]);

    const list = (await ctx.request('GET', `/billing/agreements?organizationId=${org.id}`)).json();
    expect(list.data.map((a: Agreement) => a.id)).toContain(agreement.id);
    expect(list.count).toBeGreaterThanOrEqual(1);
  });

  it('refuses a stale version with 409 and the agreement as it is', async () => {
    const agreement = await createAgreement(ctx, { organizationId: org.id });
    const first = await patchAgreement(agreement, { version: 1, name: 'Renamed', includedHours: '3' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().agreement).toMatchObject({ name: 'Renamed', includedHours: '3.00', version: 2 });

    const stale = await patchAgreement(agreement, { version: 1, name: 'Lost' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('AGREEMENT_VERSION_CONFLICT');
    expect(stale.json().agreement).toMatchObject({ id: agreement.id, name: 'Renamed', version: 2 });

    const products2 = await patchAgreement(agreement, {
      version: 2,
      products: [{ productId: products.hardware.id, quantity: 2 }],
    });
    expect(products2.json().agreement.products).toMatchObject([
      { name: products.hardware.name, quantity: 2 },
    ]);
  });

  it('keeps the agreement of another organization out of reach (404)', async () => {
    const agreement = await createAgreement(ctx, { organizationId: otherOrg.id });
    const tech = await createUser(ctx, { permissions: ['billing.view', 'billing.manage'], scope: [org.id] });
    const read = await ctx.request('GET', `/billing/agreements/${agreement.id}`, undefined, {
      cookie: tech.cookie,
    });
    expect(read.statusCode).toBe(404);
    const create = await ctx.request(
      'POST',
      '/billing/agreements',
      { organizationId: otherOrg.id, name: 'X', billingInterval: 'MONTHLY', startDate: '2025-01-01' },
      { cookie: tech.cookie },
    );
    expect(create.statusCode).toBe(404);
  });
});

describe('the ticket agreement rules (spec §8)', () => {
  it('keeps each rule, with the spec’s message', async () => {
    const monthly = await createAgreement(ctx, {
      organizationId: org.id,
      products: [{ productId: products.hardware.id, quantity: 1 }],
    });
    const inactive = await createAgreement(ctx, { organizationId: org.id });
    await patchAgreement(inactive, { version: 1, isActive: false });
    const oneTime = await createAgreement(ctx, {
      organizationId: org.id,
      billingInterval: 'ONE_TIME',
      products: [{ productId: products.hardware.id, quantity: 1 }],
    });
    const foreign = await createAgreement(ctx, { organizationId: otherOrg.id });
    const ticket = await createTicket(ctx, org.id, { agreementId: monthly.id });
    expect(ticket.agreementId).toBe(monthly.id);

    const rule = (response: {
      statusCode: number;
      json: () => { error: { code: string; message: string } };
    }) => [response.statusCode, response.json().error.code, response.json().error.message];
    expect(rule(await patchTicket(ticket.id, { version: 1, agreementId: inactive.id }))).toEqual([
      422,
      'TICKET_RULE',
      messages.ticketRules.inactiveAgreement,
    ]);
    expect(rule(await patchTicket(ticket.id, { version: 1, agreementId: foreign.id }))[1]).toBe(
      'TICKET_INVALID',
    );

    const added = await addProduct(ticket.id, { productId: products.hardware.id, quantity: '2' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().product).toMatchObject({
      price: '99.99',
      amount: '199.98',
      billingStatus: 'PENDING',
    });

    expect(rule(await patchTicket(ticket.id, { version: 1, agreementId: null }))).toEqual([
      422,
      'TICKET_RULE',
      messages.ticketRules.removeAgreementWithPendingProducts,
    ]);
    expect(rule(await patchTicket(ticket.id, { version: 1, agreementId: oneTime.id }))).toEqual([
      422,
      'TICKET_RULE',
      messages.ticketRules.oneTimeAgreementWithPendingProducts,
    ]);
    expect(
      rule(await addProduct(ticket.id, { agreementProductId: oneTime.products[0]!.id, quantity: '1' })),
    ).toEqual([422, 'TICKET_RULE', messages.ticketRules.productNotInAgreement]);

    // From its own agreement's products the item takes that product's price.
    const fromAgreement = await addProduct(ticket.id, {
      agreementProductId: monthly.products[0]!.id,
      quantity: '1',
    });
    expect(fromAgreement.statusCode, fromAgreement.body).toBe(201);

    // Nothing pending any more: the agreement may go, and a one-time one may come.
    for (const item of (await billingOf(ticket.id)).products) {
      expect((await ctx.request('DELETE', `/tickets/${ticket.id}/products/${item.id}`)).statusCode).toBe(200);
    }
    const removed = await patchTicket(ticket.id, { version: 1, agreementId: null });
    expect(removed.statusCode, removed.body).toBe(200);
    const moved = await patchTicket(ticket.id, { version: 2, agreementId: oneTime.id });
    expect(moved.json().ticket.agreementId).toBe(oneTime.id);
    const { data: log, names } = (await ctx.request('GET', `/tickets/${ticket.id}/log?type=CHANGE`)).json();
    expect(log[0].changes).toEqual([{ field: 'agreementId', from: null, to: oneTime.id }]);
    // The log names the agreements its changes refer to, as they are called now.
    expect(names.agreements).toMatchObject({ [monthly.id]: monthly.name, [oneTime.id]: oneTime.name });
  });

  it('checks the product’s roles, and billing.manage for ad hoc items and own prices', async () => {
    const agreement = await createAgreement(ctx, { organizationId: org.id });
    const ticket = await createTicket(ctx, org.id, { agreementId: agreement.id });
    const tech = await createUser(ctx, { permissions: ['ticketing.view', 'ticketing.manage'], scope: 'all' });
    const other = await createUser(ctx, { permissions: ['ticketing.view'], scope: 'all' });
    const [otherUser] = await ctx.db
      .select({ roleId: users.roleId })
      .from(users)
      .where(eq(users.email, other.email));
    const restricted = await createProduct(ctx, 'HARDWARE', {
      productUserRole: { allowAllTechnicians: false, userRoles: [otherUser!.roleId] },
    });
    const refused = await addProduct(ticket.id, { productId: restricted.id, quantity: '1' }, tech.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('PRODUCT_NOT_ALLOWED');
    const adHoc = await addProduct(ticket.id, { name: 'Cable', price: '5', quantity: '3' }, tech.cookie);
    expect(adHoc.statusCode).toBe(403);
    const allowed = await addProduct(
      ticket.id,
      { productId: products.hardware.id, quantity: '1' },
      tech.cookie,
    );
    expect(allowed.statusCode, allowed.body).toBe(201);
    const byAdmin = await addProduct(ticket.id, { name: 'Cable', price: '5', quantity: '3' });
    expect(byAdmin.json().product).toMatchObject({
      productId: null,
      amount: '15.00',
      billingStatus: 'PENDING',
    });
  });
});

describe('ticket time', () => {
  it('rounds by the labour product and moves from UNASSIGNED to PENDING with an agreement', async () => {
    const agreement = await createAgreement(ctx, {
      organizationId: org.id,
      offHoursMultiplier: '1.5',
      products: [{ productId: products.labour.id }],
      workHours: { timeZone: 'UTC', days: ['MONDAY'], start: '09:00', end: '17:00' },
    });
    const ticket = await createTicket(ctx, org.id);
    // Monday 2025-03-03 10:00 UTC: in hours; Saturday: off hours.
    const monday = await addTime(ctx, ticket.id, '2025-03-03T10:00:00.000Z', 7 * 60 + 1);
    const saturday = await addTime(ctx, ticket.id, '2025-03-08T10:00:00.000Z', 20 * 60);
    const unbilled = await addTime(ctx, ticket.id, '2025-03-03T11:00:00.000Z', 600, { isBillable: false });
    const before = await billingOf(ticket.id);
    expect(before.timeEntries.map((e) => [e.id, e.billingStatus])).toEqual([
      [monday.id, 'UNASSIGNED'],
      [unbilled.id, 'NOT_BILLABLE'],
      [saturday.id, 'UNASSIGNED'],
    ]);

    await patchTicket(ticket.id, { version: 1, agreementId: agreement.id });
    const after = await billingOf(ticket.id);
    expect(after.labour).toMatchObject({ price: '120.00', offHoursPrice: '180.00', timeRounding: '15_MIN' });
    expect(
      after.timeEntries.map((e) => [
        e.billingStatus,
        e.durationSeconds,
        e.billedSeconds,
        e.hours,
        e.isOffHours,
      ]),
    ).toEqual([
      ['PENDING', 421, 900, '0.2500', false],
      ['NOT_BILLABLE', 600, 900, '0.2500', false],
      ['PENDING', 1200, 1800, '0.5000', true],
    ]);

    const marked = await ctx.request('PATCH', `/tickets/${ticket.id}/time-entries/${saturday.id}/billing`, {
      isBillable: false,
    });
    expect(marked.json().timeEntries[2].billingStatus).toBe('NOT_BILLABLE');
  });
});

describe('license drift', () => {
  it('shows billed counts beside deployed devices and end users', async () => {
    const customer = await createOrganization(ctx);
    await createAgreement(ctx, {
      organizationId: customer.id,
      products: [
        { productId: products.devices.id, quantity: 5, quantityMode: 'FIXED' },
        { productId: products.endUsers.id, quantity: 1, quantityMode: 'FIXED' },
      ],
    });
    await ctx.db.insert(devices).values([
      { organizationId: customer.id, displayName: 'PC-1' },
      { organizationId: customer.id, displayName: 'PC-2' },
      { organizationId: customer.id, displayName: 'PC-3', approvalStatus: 'PENDING' },
    ]);
    const response = await ctx.request('GET', `/billing/license-drift?organizationId=${customer.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([
      {
        organizationId: customer.id,
        organizationName: customer.name,
        hasDrift: true,
        lines: [
          { source: 'DEVICES', billed: 5, deployed: 2, countedLines: 0, difference: -3 },
          { source: 'END_USERS', billed: 1, deployed: 0, countedLines: 0, difference: -1 },
          { source: 'BACKUP_DEVICES', billed: 0, deployed: 0, countedLines: 0, difference: 0 },
          { source: 'BACKUP_STORAGE_GB', billed: 0, deployed: 0, countedLines: 0, difference: 0 },
        ],
      },
    ]);
    const onlyDrift = (await ctx.request('GET', '/billing/license-drift?onlyDrift=true&pageSize=500')).json();
    expect(onlyDrift.data.every((row: { hasDrift: boolean }) => row.hasDrift)).toBe(true);
  });
});
