import { randomUUID } from 'node:crypto';
import type { Agreement, Ticket } from '@rmm/domain';
import { expect } from 'vitest';
import { createOrganizationInput, type TestContext } from '../../../test/helpers.ts';

/** Billing test data through the API, unique per call: `createProduct(ctx, 'LABOR_TICKET_TIME_ENTRY', {...})`. */

const unique = () => randomUUID().slice(0, 8);

type ProductKind =
  | 'HARDWARE'
  | 'MANAGED_DEVICES'
  | 'MANAGED_END_USER'
  | 'MANAGED_DEVICE_BACKUP'
  | 'LABOR_TICKET_TIME_ENTRY';

const contentOf = (type: ProductKind) => {
  switch (type) {
    case 'HARDWARE':
      return { price: '99.99', taxable: true, quantity: 1, billing: 'BILLABLE' };
    case 'MANAGED_DEVICES':
      return { price: '10.00', taxable: true, quantitySource: 'DEVICES' };
    case 'MANAGED_END_USER':
      return { price: '4.00', taxable: true, quantitySource: 'END_USERS' };
    case 'MANAGED_DEVICE_BACKUP':
      return { price: '0.25', taxable: true, quantitySource: 'BACKUP_STORAGE_GB' };
    case 'LABOR_TICKET_TIME_ENTRY':
      return {
        rate: '120.00',
        taxable: false,
        quantitySource: 'TIME_ENTRIES',
        timeRounding: '15_MIN',
        timeEntrySource: 'TICKET',
      };
  }
};

export const createProduct = async (
  ctx: TestContext,
  type: ProductKind,
  overrides: { content?: Record<string, unknown>; productUserRole?: Record<string, unknown> } = {},
) => {
  const response = await ctx.request('POST', '/products', {
    name: `${type} ${unique()}`,
    description: `A ${type.toLowerCase()} product`,
    type,
    content: {
      price: null,
      cost: null,
      quantity: null,
      licensingType: 'SUBSCRIPTION',
      term: 'MONTHLY',
      billing: null,
      ...contentOf(type),
      ...overrides.content,
    },
    productUserRole: { allowAllTechnicians: true, userRoles: [], ...overrides.productUserRole },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product as { id: number; name: string };
};

export const createOrganization = async (ctx: TestContext) => {
  const response = await ctx.request('POST', '/organizations', createOrganizationInput());
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; name: string };
};

export const createAgreement = async (ctx: TestContext, body: Record<string, unknown>) => {
  const response = await ctx.request('POST', '/billing/agreements', {
    name: `Agreement ${unique()}`,
    billingInterval: 'MONTHLY',
    startDate: '2025-01-01',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().agreement as Agreement;
};

export const createTicket = async (
  ctx: TestContext,
  organizationId: number,
  body: Record<string, unknown> = {},
) => {
  const response = await ctx.request('POST', '/tickets', {
    organizationId,
    subject: `Ticket ${unique()}`,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().ticket as Ticket;
};

/** A time entry on the ticket from `startTime`, `minutes` long. */
export const addTime = async (
  ctx: TestContext,
  ticketId: number,
  startTime: string,
  seconds: number,
  extra: Record<string, unknown> = {},
) => {
  const endTime = new Date(Date.parse(startTime) + seconds * 1000).toISOString();
  const response = await ctx.request('POST', `/tickets/${ticketId}/time-entries`, {
    startTime,
    endTime,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().entry as { id: number };
};
