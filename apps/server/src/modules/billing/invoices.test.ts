import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import {
  type Agreement,
  billingMessages,
  type CountedQuantitiesResponse,
  type Invoice,
  type InvoiceSummary,
  type TicketBillingResponse,
} from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';
import { backupRevisions, backupStorage, devices } from '../../db/schema.ts';
import { insertRevision } from '../backup/test-fixtures.ts';
import {
  addTime,
  createAgreement,
  createOrganization,
  createProduct,
  createTicket,
} from './test-fixtures.ts';

let ctx: TestContext;
let org: { id: number; name: string };
let agreement: Agreement;
let ticketId: number;
let invoices: InvoiceSummary[];

/** The text a PDF draws (its content streams' `<hex> Tj` strings, inflated), lines joined by spaces. */
const pdfText = (bytes: Buffer) => {
  const pdf = bytes.toString('latin1');
  const texts: string[] = [];
  for (const match of pdf.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      texts.push(Buffer.from(hex[1]!, 'hex').toString('latin1'));
    }
  }
  return texts.join(' ');
};

const invoiceOf = async (id: number) =>
  (await ctx.request('GET', `/billing/invoices/${id}`)).json().invoice as Invoice;

beforeAll(async () => {
  ctx = await createTestApp();
  org = await createOrganization(ctx);
  const devices = await createProduct(ctx, 'MANAGED_DEVICES');
  const labour = await createProduct(ctx, 'LABOR_TICKET_TIME_ENTRY');
  const hardware = await createProduct(ctx, 'HARDWARE');
  agreement = await createAgreement(ctx, {
    organizationId: org.id,
    name: 'Managed services',
    billingInterval: 'MONTHLY',
    startDate: '2025-01-31',
    includedHours: '1',
    offHoursMultiplier: '1.5',
    taxRate: '7.5',
    workHours: {
      timeZone: 'UTC',
      days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
      start: '09:00',
      end: '17:00',
    },
    products: [{ productId: devices.id, quantity: 3, quantityMode: 'FIXED' }, { productId: labour.id }],
  });
  const ticket = await createTicket(ctx, org.id, { agreementId: agreement.id, subject: 'Printer' });
  ticketId = ticket.id;
  // 50 minutes on a Monday (in hours, rounded to 1 h: the included hour) and 20 on a Saturday (off hours, 0.5 h).
  await addTime(ctx, ticketId, '2025-02-03T10:00:00.000Z', 50 * 60);
  await addTime(ctx, ticketId, '2025-02-08T10:00:00.000Z', 20 * 60);
  const added = await ctx.request('POST', `/tickets/${ticketId}/products`, {
    productId: hardware.id,
    quantity: '2',
  });
  expect(added.statusCode, added.body).toBe(201);

  const generated = await ctx.request('POST', '/billing/invoices/generate', {
    agreementId: agreement.id,
    asOf: '2025-03-31',
  });
  expect(generated.statusCode, generated.body).toBe(200);
  invoices = generated.json().invoices;
});
afterAll(() => ctx?.close());

describe('invoice generation', () => {
  it('makes one invoice per due period, month ends kept', () => {
    expect(invoices.map((i) => [i.periodStart, i.periodEnd, i.status])).toEqual([
      ['2025-01-31', '2025-02-28', 'PENDING'],
      ['2025-02-28', '2025-03-31', 'PENDING'],
      ['2025-03-31', '2025-04-30', 'PENDING'],
    ]);
  });

  it('bills the period’s products and the tickets’ pending items, with exact totals', async () => {
    const invoice = await invoiceOf(invoices[0]!.id);
    expect(invoice.lines.map((l) => [l.kind, l.quantity, l.unitPrice, l.amount, l.taxable])).toEqual([
      ['AGREEMENT_PRODUCT', '3', '10.00', '30.00', true],
      ['TICKET_PRODUCT', '2.00', '99.99', '199.98', true],
      ['TIME_ENTRY', '1.0000', '0.00', '0.00', false],
      ['TIME_ENTRY', '0.5000', '180.00', '90.00', false],
    ]);
    expect(invoice.lines[3]!.description).toContain('off hours');
    // 319.98; tax 7.5% of the taxable 229.98 = 17.2485 → 17.25.
    expect(invoice).toMatchObject({ subtotal: '319.98', taxRate: '7.5000', tax: '17.25', total: '337.23' });
    expect(await invoiceOf(invoices[1]!.id)).toMatchObject({
      subtotal: '30.00',
      tax: '2.25',
      total: '32.25',
    });
  });

  it('marks the ticket’s items billed and moves the next bill date on', async () => {
    const billing = (
      await ctx.request('GET', `/tickets/${ticketId}/billing`)
    ).json() as TicketBillingResponse;
    expect(billing.products.map((p) => [p.billingStatus, p.invoiceId])).toEqual([
      ['BILLED', invoices[0]!.id],
    ]);
    expect(billing.timeEntries.map((e) => [e.billingStatus, e.hours, e.isOffHours])).toEqual([
      ['BILLED', '1.0000', false],
      ['BILLED', '0.5000', true],
    ]);
    const current = (await ctx.request('GET', `/billing/agreements/${agreement.id}`)).json().agreement;
    // Each invoice moves the next bill date on: a new version each time.
    expect(current).toMatchObject({ nextBillDate: '2025-04-30', invoiceCount: 3, version: 4 });
    const again = await ctx.request('POST', '/billing/invoices/generate', {
      agreementId: agreement.id,
      asOf: '2025-03-31',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('NOT_DUE');
    const reschedule = await ctx.request('PATCH', `/billing/agreements/${agreement.id}`, {
      version: 4,
      billingInterval: 'ANNUAL',
    });
    expect(reschedule.json().error?.code, reschedule.body).toBe('AGREEMENT_BILLED');
  });

  it('bills a one-time agreement once and closes it', async () => {
    const oneTime = await createAgreement(ctx, {
      organizationId: org.id,
      billingInterval: 'ONE_TIME',
      startDate: '2025-02-01',
    });
    const made = (
      await ctx.request('POST', '/billing/invoices/generate', { organizationId: org.id, asOf: '2025-12-31' })
    ).json().invoices as InvoiceSummary[];
    const own = made.filter((i) => i.agreementId === oneTime.id);
    expect(own.map((i) => [i.periodStart, i.periodEnd])).toEqual([['2025-02-01', null]]);
    const closed = (await ctx.request('GET', `/billing/agreements/${oneTime.id}`)).json().agreement;
    expect(closed).toMatchObject({ nextBillDate: null, isActive: false });
  });
});

describe('invoice files', () => {
  it('exports CSV with a row per line and the totals', async () => {
    const response = await ctx.request('GET', `/billing/invoices/${invoices[0]!.id}/csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const number = invoices[0]!.number;
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${number}.csv"`);
    const rows = response.body.trimEnd().split('\r\n');
    expect(rows).toHaveLength(1 + 4 + 3);
    expect(rows[1]).toMatch(
      new RegExp(
        `^${number},${org.name},Managed services,2025-01-31,2025-02-28,1,AGREEMENT_PRODUCT,,.*,3,10\\.00,30\\.00,true,USD,DEVICES,FIXED$`,
      ),
    );
    expect(rows[2]).toMatch(
      new RegExp(`^${number},.*,2,TICKET_PRODUCT,${ticketId},.*,2\\.00,99\\.99,199\\.98,true,USD,,$`),
    );
    expect(
      rows.slice(-3).map((row) => row.split(',').slice(6, 7).concat(row.split(',').slice(-5, -4))),
    ).toEqual([
      ['SUBTOTAL', '319.98'],
      ['TAX', '17.25'],
      ['TOTAL', '337.23'],
    ]);
  });

  it('exports a PDF whose metadata carries the total', async () => {
    const response = await ctx.request('GET', `/billing/invoices/${invoices[0]!.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Invoice ${invoices[0]!.number}`);
    expect(pdf.getSubject()).toBe('Total 337.23 USD');
    expect(pdf.getKeywords()).toContain('total=337.23');
  });
});

describe('invoice status', () => {
  it('approves a pending invoice, then archives it; other moves are refused', async () => {
    const id = invoices[2]!.id;
    expect((await ctx.request('POST', `/billing/invoices/${id}/archive`)).statusCode).toBe(409);
    const approved = await ctx.request('POST', `/billing/invoices/${id}/approve`);
    expect(approved.json().invoice.status).toBe('APPROVED');
    expect((await ctx.request('POST', `/billing/invoices/${id}/approve`)).json().error.code).toBe(
      'INVOICE_STATUS',
    );
    const archived = await ctx.request('POST', `/billing/invoices/${id}/archive`);
    expect(archived.json().invoice).toMatchObject({ status: 'ARCHIVED' });
    const list = (
      await ctx.request('GET', `/billing/invoices?organizationId=${org.id}&status=ARCHIVED`)
    ).json();
    expect(list.data.map((i: InvoiceSummary) => i.id)).toEqual([id]);
    const search = (await ctx.request('GET', `/billing/invoices?search=${invoices[0]!.number}`)).json();
    expect(search.data.map((i: InvoiceSummary) => i.id)).toEqual([invoices[0]!.id]);
  });
});

describe('voiding an invoice', () => {
  const voidOf = (id: number, cookie?: string) =>
    ctx.request('POST', `/billing/invoices/${id}/void`, undefined, cookie ? { cookie } : {});
  const billingOf = async (id: number) =>
    (await ctx.request('GET', `/tickets/${id}/billing`)).json() as TicketBillingResponse;
  const agreementOf = async (id: number) =>
    (await ctx.request('GET', `/billing/agreements/${id}`)).json().agreement as Agreement;

  it('voids the newest pending invoice only, frees its items and bills its period again', async () => {
    const other = await createOrganization(ctx);
    const labour = await createProduct(ctx, 'LABOR_TICKET_TIME_ENTRY');
    const hardware = await createProduct(ctx, 'HARDWARE');
    const monthly = await createAgreement(ctx, {
      organizationId: other.id,
      startDate: '2025-01-01',
      taxRate: '10',
      products: [{ productId: labour.id }],
    });
    const ticket = await createTicket(ctx, other.id, { agreementId: monthly.id });
    await addTime(ctx, ticket.id, '2025-01-06T10:00:00.000Z', 60 * 60);
    const added = await ctx.request('POST', `/tickets/${ticket.id}/products`, {
      productId: hardware.id,
      quantity: '1',
    });
    expect(added.statusCode, added.body).toBe(201);
    const generate = async (asOf: string) =>
      (await ctx.request('POST', '/billing/invoices/generate', { agreementId: monthly.id, asOf })).json()
        .invoices as InvoiceSummary[];
    const [january, february] = await generate('2025-02-01');
    expect(Number(january!.total)).toBeGreaterThan(0);

    const older = await voidOf(january!.id);
    expect(older.statusCode).toBe(409);
    expect(older.json().error).toEqual({
      code: 'INVOICE_NOT_NEWEST',
      message: billingMessages.voidNotNewest,
    });

    const voided = await voidOf(february!.id);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().invoice).toMatchObject({ status: 'VOID', number: february!.number });
    expect(voided.json().invoice.voidTime).not.toBeNull();
    expect(await agreementOf(monthly.id)).toMatchObject({ nextBillDate: '2025-02-01', invoiceCount: 1 });

    expect((await voidOf(january!.id)).json().invoice.status).toBe('VOID');
    const freed = await billingOf(ticket.id);
    expect(freed.products.map((p) => [p.billingStatus, p.invoiceId])).toEqual([['PENDING', null]]);
    expect(freed.timeEntries.map((e) => e.billingStatus)).toEqual(['PENDING']);
    expect(await agreementOf(monthly.id)).toMatchObject({ nextBillDate: '2025-01-01', invoiceCount: 0 });

    // The period is due again: the same items make an invoice with the same total.
    const [again] = await generate('2025-01-01');
    expect(again).toMatchObject({ periodStart: '2025-01-01', total: january!.total, status: 'PENDING' });
    expect(again!.id).not.toBe(january!.id);
    expect((await billingOf(ticket.id)).products.map((p) => [p.billingStatus, p.invoiceId])).toEqual([
      ['BILLED', again!.id],
    ]);
    const kept = (
      await ctx.request('GET', `/billing/invoices?organizationId=${other.id}&status=VOID`)
    ).json();
    expect(kept.data.map((i: InvoiceSummary) => i.number)).toEqual([february!.number, january!.number]);
    const activities = (await ctx.request('GET', '/activities?pageSize=100')).json();
    expect(JSON.stringify(activities)).toContain('invoice.void');

    // Another organization's technician finds no such invoice.
    const outsider = await createUser(ctx, {
      permissions: ['billing.view', 'billing.manage'],
      scope: [org.id],
    });
    const foreign = await voidOf(again!.id, outsider.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('INVOICE_NOT_FOUND');

    expect((await ctx.request('POST', `/billing/invoices/${again!.id}/approve`)).statusCode).toBe(200);
    const approved = await voidOf(again!.id);
    expect(approved.statusCode).toBe(409);
    expect(approved.json().error).toEqual({
      code: 'INVOICE_STATUS',
      message: billingMessages.voidNotPending,
    });
    expect((await billingOf(ticket.id)).products[0]!.billingStatus).toBe('BILLED');
  });

  it('opens a one-time agreement again', async () => {
    const other = await createOrganization(ctx);
    const oneTime = await createAgreement(ctx, {
      organizationId: other.id,
      billingInterval: 'ONE_TIME',
      startDate: '2025-03-01',
    });
    const [made] = (
      await ctx.request('POST', '/billing/invoices/generate', { agreementId: oneTime.id, asOf: '2025-03-01' })
    ).json().invoices as InvoiceSummary[];
    expect(await agreementOf(oneTime.id)).toMatchObject({ isActive: false, nextBillDate: null });
    expect((await voidOf(made!.id)).statusCode).toBe(200);
    expect(await agreementOf(oneTime.id)).toMatchObject({ isActive: true, nextBillDate: '2025-03-01' });
  });
});

describe('counted quantities', () => {
  const GIB = 1024 ** 3;
  let customer: { id: number; name: string };
  let managedDevices: { id: number; name: string };
  const countsOf = async (organizationId: number) => {
    const response = await ctx.request('GET', `/billing/organizations/${organizationId}/counted-quantities`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CountedQuantitiesResponse;
  };
  const generate = async (agreementId: number, asOf: string) => {
    const response = await ctx.request('POST', '/billing/invoices/generate', { agreementId, asOf });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().invoices as InvoiceSummary[];
  };
  const addDevices = (organizationId: number, names: string[], approvalStatus = 'APPROVED') =>
    ctx.db
      .insert(devices)
      .values(names.map((displayName) => ({ organizationId, displayName, approvalStatus })))
      .returning({ id: devices.id });

  it('invoices a COUNTED product at the organization’s device count, one more after a device is added', async () => {
    customer = await createOrganization(ctx);
    managedDevices = await createProduct(ctx, 'MANAGED_DEVICES');
    const endUsers = await createProduct(ctx, 'MANAGED_END_USER');
    await addDevices(customer.id, ['PC-1', 'PC-2']);
    await addDevices(customer.id, ['PC-3'], 'PENDING');
    const agreement = await createAgreement(ctx, {
      organizationId: customer.id,
      startDate: '2025-01-01',
      products: [
        // Counted by default (a managed type); the typed quantity is not used.
        { productId: managedDevices.id, quantity: 1 },
        { productId: endUsers.id, quantity: 4, quantityMode: 'FIXED' },
      ],
    });
    expect(agreement.products.map((p) => [p.quantitySource, p.quantityMode])).toEqual([
      ['DEVICES', 'COUNTED'],
      ['END_USERS', 'FIXED'],
    ]);
    expect(await countsOf(customer.id)).toEqual({
      organizationId: customer.id,
      quantities: { DEVICES: '2', END_USERS: '0', BACKUP_DEVICES: '0', BACKUP_STORAGE_GB: '0.00' },
    });

    const [january] = await generate(agreement.id, '2025-01-01');
    const lines = (invoice: Invoice) =>
      invoice.lines.map((l) => [l.description, l.quantity, l.amount, l.quantitySource, l.quantityMode]);
    expect(lines(await invoiceOf(january!.id))).toEqual([
      [
        `${managedDevices.name} (counted: 2 devices; 2025-01-01 to 2025-02-01)`,
        '2',
        '20.00',
        'DEVICES',
        'COUNTED',
      ],
      [`${endUsers.name} (2025-01-01 to 2025-02-01)`, '4', '16.00', 'END_USERS', 'FIXED'],
    ]);

    await addDevices(customer.id, ['PC-4']);
    const [february] = await generate(agreement.id, '2025-02-01');
    expect(lines(await invoiceOf(february!.id))).toEqual([
      [
        `${managedDevices.name} (counted: 3 devices; 2025-02-01 to 2025-03-01)`,
        '3',
        '30.00',
        'DEVICES',
        'COUNTED',
      ],
      [`${endUsers.name} (2025-02-01 to 2025-03-01)`, '4', '16.00', 'END_USERS', 'FIXED'],
    ]);
    // The first invoice keeps the count it was made with.
    expect((await invoiceOf(january!.id)).lines[0]!.quantity).toBe('2');
    // The PDF says it too (a long description wraps onto a second line).
    const pdf = await ctx.request('GET', `/billing/invoices/${february!.id}/pdf`);
    expect(pdfText(pdf.rawPayload)).toContain(`${managedDevices.name} (counted: 3 devices;`);
    const csv = (await ctx.request('GET', `/billing/invoices/${february!.id}/csv`)).body.split('\r\n');
    expect(csv[1]).toMatch(/\(counted: 3 devices; .*\),3,10\.00,30\.00,true,USD,DEVICES,COUNTED$/);
  });

  it('shows a COUNTED product as counted in license drift, and keeps comparing a FIXED one', async () => {
    const drift = await ctx.request('GET', `/billing/license-drift?organizationId=${customer.id}`);
    expect(drift.json().data[0].lines.slice(0, 2)).toEqual([
      { source: 'DEVICES', billed: 3, deployed: 3, countedLines: 1, difference: 0 },
      { source: 'END_USERS', billed: 4, deployed: 0, countedLines: 0, difference: -4 },
    ]);
    // A FIXED devices product beside the COUNTED one bills devices twice: over-billed by its quantity.
    await createAgreement(ctx, {
      organizationId: customer.id,
      products: [{ productId: managedDevices.id, quantity: 2, quantityMode: 'FIXED' }],
    });
    const again = await ctx.request('GET', `/billing/license-drift?organizationId=${customer.id}`);
    expect(again.json().data[0].lines[0]).toEqual({
      source: 'DEVICES',
      billed: 5,
      deployed: 3,
      countedLines: 1,
      difference: -2,
    });
  });

  it('counts backup storage in GB at 2 places, half-up, and devices whose backups are kept', async () => {
    const owner = await createOrganization(ctx);
    const backup = await createProduct(ctx, 'MANAGED_DEVICE_BACKUP');
    await ctx.db.insert(backupStorage).values({ organizationId: owner.id, cloudBytes: 1.125 * GIB });
    const [kept, pruned] = await addDevices(owner.id, ['NAS-1', 'NAS-2']);
    await insertRevision(ctx, { organizationId: owner.id, planId: randomUUID(), deviceId: kept!.id });
    const forgotten = await insertRevision(ctx, {
      organizationId: owner.id,
      planId: randomUUID(),
      deviceId: pruned!.id,
    });
    await ctx.db
      .update(backupRevisions)
      .set({ forgottenAt: new Date() })
      .where(eq(backupRevisions.revisionId, forgotten.revisionId));
    expect((await countsOf(owner.id)).quantities).toEqual({
      DEVICES: '2',
      END_USERS: '0',
      BACKUP_DEVICES: '1',
      BACKUP_STORAGE_GB: '1.13',
    });
    await ctx.db
      .update(backupStorage)
      .set({ cloudBytes: 1.125 * GIB - 1 })
      .where(eq(backupStorage.organizationId, owner.id));

    const agreement = await createAgreement(ctx, {
      organizationId: owner.id,
      startDate: '2025-01-01',
      products: [{ productId: backup.id }],
    });
    const [invoice] = await generate(agreement.id, '2025-01-01');
    // 1.12 GB × 0.25 = 0.28, exact.
    expect((await invoiceOf(invoice!.id)).lines).toMatchObject([
      {
        description: `${backup.name} (counted: 1.12 GB; 2025-01-01 to 2025-02-01)`,
        quantity: '1.12',
        unitPrice: '0.25',
        amount: '0.28',
        quantitySource: 'BACKUP_STORAGE_GB',
        quantityMode: 'COUNTED',
      },
    ]);
    const drift = (await ctx.request('GET', `/billing/license-drift?organizationId=${owner.id}`)).json();
    expect(drift.data[0].lines[3]).toEqual({
      source: 'BACKUP_STORAGE_GB',
      billed: 1.12,
      deployed: 1.12,
      countedLines: 1,
      difference: 0,
    });
  });

  it('refuses COUNTED for a product that is not counted; a line left without a mode keeps its own', async () => {
    const hardware = await createProduct(ctx, 'HARDWARE');
    const refused = await ctx.request('POST', '/billing/agreements', {
      organizationId: customer.id,
      name: 'Counted hardware',
      billingInterval: 'MONTHLY',
      startDate: '2025-01-01',
      products: [{ productId: hardware.id, quantityMode: 'COUNTED' }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual({ code: 'BILLING_INVALID', message: billingMessages.notCountable });

    const agreement = await createAgreement(ctx, {
      organizationId: customer.id,
      products: [{ productId: managedDevices.id, quantity: 2, quantityMode: 'FIXED' }],
    });
    const line = agreement.products[0]!;
    const patch = (version: number, change: Record<string, unknown>) =>
      ctx.request('PATCH', `/billing/agreements/${agreement.id}`, {
        version,
        products: [{ id: line.id, productId: line.productId, ...change }],
      });
    expect((await patch(1, { quantity: 5 })).json().agreement.products[0]).toMatchObject({
      quantity: 5,
      quantityMode: 'FIXED',
    });
    expect((await patch(2, { quantityMode: 'COUNTED' })).json().agreement.products[0]).toMatchObject({
      quantityMode: 'COUNTED',
    });
  });
});
