import { randomUUID } from 'node:crypto';
import { type Product, type ProductPayloadInput, productTypes } from '@rmm/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';
import { activities, roles } from '../../db/schema.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const MANDATORY = 'Mandatory value is undefined. Please enter a value.';
const unique = () => randomUUID().slice(0, 8);

const productBody = (overrides: Partial<ProductPayloadInput> = {}): ProductPayloadInput => ({
  name: `Laptop ${unique()}`,
  description: '14-inch laptop',
  type: 'HARDWARE',
  content: {
    price: '1299.99',
    cost: '900',
    taxable: true,
    quantity: 1,
    licensingType: 'PERPETUAL',
    term: 'ANNUAL',
    billing: 'BILLABLE',
  },
  productUserRole: { allowAllTechnicians: true, userRoles: [] },
  ...overrides,
});
const withContent = (content: Record<string, unknown>, overrides: Partial<ProductPayloadInput> = {}) => {
  const body = productBody(overrides);
  return { ...body, content: { ...body.content, ...content } };
};

const create = (body: unknown, cookie?: string) =>
  ctx.request('POST', '/products', body, cookie ? { cookie } : {});
const createProduct = async (body: unknown = productBody()) => {
  const response = await create(body);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { product: Product }).product;
};
const errorOf = (response: { json: () => unknown }) =>
  (response.json() as { error: { code: string; message: string } }).error;
const messageOf = (response: { json: () => unknown }) => errorOf(response).message;

describe('creating products', () => {
  it('creates every type with its own fields, trimmed, and lists it with id, isActive and times', async () => {
    const member = await createProduct();
    const created: Product[] = [];
    for (const type of productTypes) {
      const body = withContent(
        { rate: '95.50', timeRounding: '15_MIN', timeEntrySource: 'TICKET', quantitySource: null },
        {
          type,
          name: `  ${type} ${unique()}  `,
          description: '  Billed monthly ',
          productIds: type === 'PRODUCT_GROUP' ? [member.id] : [member.id],
        },
      );
      if (type === 'MANAGED_DEVICE_BACKUP') body.content.quantitySource = 'BACKUP_STORAGE_GB';
      else if (type.startsWith('MANAGED_') || type.startsWith('LABOR_')) {
        body.content.quantitySource =
          type === 'MANAGED_END_USER' ? 'END_USERS' : type === 'MANAGED_DEVICES' ? 'DEVICES' : 'TIME_ENTRIES';
      }
      created.push(await createProduct(body));
    }
    const byType = new Map(created.map((product) => [product.type, product]));
    expect(byType.get('HARDWARE')).toMatchObject({
      description: 'Billed monthly',
      content: {
        price: '1299.99',
        cost: '900.00',
        quantity: 1,
        quantitySource: null,
        rate: null,
        timeRounding: null,
        timeEntrySource: null,
      },
      productIds: [],
      isActive: true,
      version: 1,
    });
    expect(byType.get('HARDWARE')?.name).toMatch(/^HARDWARE \w+$/);
    expect(byType.get('LABOR_BILLED')?.content).toMatchObject({
      price: null,
      quantity: null,
      rate: '95.50',
      timeRounding: '15_MIN',
      timeEntrySource: 'TICKET',
      quantitySource: 'TIME_ENTRIES',
    });
    expect(byType.get('MANAGED_DEVICE_BACKUP')?.content).toMatchObject({
      quantity: null,
      quantitySource: 'BACKUP_STORAGE_GB',
      rate: null,
    });
    expect(byType.get('PRODUCT_GROUP')?.productIds).toEqual([member.id]);

    const listed = await ctx.request('GET', `/products?type=LABOR_TICKET_TIME_ENTRY&pageSize=500`);
    expect(listed.statusCode, listed.body).toBe(200);
    const labour = byType.get('LABOR_TICKET_TIME_ENTRY')!;
    const row = (listed.json() as { data: Product[] }).data.find((product) => product.id === labour.id);
    expect(row).toEqual(labour);
    expect(row).toMatchObject({ id: expect.any(Number), isActive: true, createTime: expect.any(String) });
    const activity = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.action, 'product.create'), eq(activities.targetId, String(labour.id))));
    expect(activity).toHaveLength(1);
  });

  it('stores 1e15 and 2 decimals exactly (numeric, not floating point)', async () => {
    const product = await createProduct(
      withContent({ price: '999999999999999.99', cost: '1000000000000000' }),
    );
    expect(product.content).toMatchObject({ price: '999999999999999.99', cost: '1000000000000000.00' });
    expect((await ctx.request('GET', `/products/${product.id}`)).json().product).toEqual(product);
  });

  it('answers every rule of the product form with the domain’s message', async () => {
    const cases: [unknown, string, string][] = [
      [
        withContent({ price: '1000000000000000.01' }),
        'content.price',
        'Value must be less than or equal to 1000000000000000',
      ],
      [withContent({ cost: '-0.01' }), 'content.cost', 'Value must be greater than or equal to 0'],
      [withContent({ price: '1.005' }), 'content.price', 'Can contain up to 2 decimal places'],
      [withContent({ price: '1e3' }), 'content.price', 'Must not be in scientific notation'],
      [withContent({ price: '1,5' }), 'content.price', 'Invalid'],
      [withContent({ price: '' }), 'content.price', MANDATORY],
      [withContent({ quantity: 0 }), 'content.quantity', 'Value must be greater than or equal to 1'],
      [
        withContent({ quantity: '1000000000000001' }),
        'content.quantity',
        'Value must be less than or equal to 1000000000000000',
      ],
      [withContent({ quantity: 1.5 }), 'content.quantity', 'Input must be of integer value'],
      [withContent({ quantity: null }), 'content.quantity', MANDATORY],
      [withContent({ billing: null }), 'content.billing', MANDATORY],
      [withContent({ licensingType: null }), 'content.licensingType', MANDATORY],
      [withContent({ term: undefined }), 'content.term', MANDATORY],
      [productBody({ name: '   ' }), 'name', MANDATORY],
      [productBody({ description: '' }), 'description', MANDATORY],
      [productBody({ name: 'x'.repeat(256) }), 'name', 'Exceeds max character limit of 255'],
      [
        productBody({ productUserRole: { allowAllTechnicians: false, userRoles: [] } }),
        'productUserRole.userRoles',
        MANDATORY,
      ],
      [
        withContent(
          { rate: '1e2', timeRounding: 'OFF', timeEntrySource: 'SELF', quantitySource: 'TIME_ENTRIES' },
          { type: 'LABOR_BILLED' },
        ),
        'content.rate',
        'Must not be in scientific notation',
      ],
      [
        withContent(
          { timeRounding: null, timeEntrySource: 'SELF', quantitySource: 'TIME_ENTRIES' },
          { type: 'LABOR_BILLED' },
        ),
        'content.timeRounding',
        MANDATORY,
      ],
      [
        withContent({ quantitySource: 'DEVICES' }, { type: 'MANAGED_END_USER' }),
        'content.quantitySource',
        'Invalid',
      ],
      [productBody({ type: 'PRODUCT_GROUP', productIds: [] }), 'productIds', MANDATORY],
    ];
    for (const [body, field, message] of cases) {
      const response = await create(body);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(messageOf(response)).toContain(`body.${field}: ${message}`);
    }
    // The edges that pass: 0, 1e15, 2 decimals; empty amounts are null.
    for (const price of ['0', '1000000000000000', '0.01', null]) {
      expect((await create(withContent({ price, cost: price }))).statusCode).toBe(201);
    }
  });
});

describe('names', () => {
  it('are unique whatever their case, also when created at once', async () => {
    const name = `Backup ${unique()}`;
    await createProduct(productBody({ name }));
    const taken = await create(productBody({ name: ` ${name.toUpperCase()} ` }));
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toEqual({ code: 'PRODUCT_NAME_TAKEN', message: 'Product name already taken' });

    const racing = `Race ${unique()}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        create(productBody({ name: index % 2 ? racing : racing.toLowerCase() })),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(messageOf(answer)).toBe('Product name already taken');
    }
    const listed = await ctx.request('GET', `/products?search=${encodeURIComponent(racing)}`);
    expect(listed.json().count).toBe(1);
  });
});

describe('editing', () => {
  it('saves with the version read, answers 409 with the current product when stale, keeps the type', async () => {
    const product = await createProduct();
    const edit = (body: Record<string, unknown>) => ctx.request('PUT', `/products/${product.id}`, body);
    const saved = await edit({
      ...withContent({ price: '5.5' }, { name: ` ${product.name} v2 ` }),
      version: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().product).toMatchObject({
      name: `${product.name} v2`,
      version: 2,
      content: { price: '5.50' },
    });

    const stale = await edit({ ...productBody({ name: product.name }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: { code: 'PRODUCT_VERSION_CONFLICT' },
      product: { id: product.id, name: `${product.name} v2`, version: 2 },
    });

    const other = await createProduct();
    const taken = await edit({ ...productBody({ name: other.name.toLowerCase() }), version: 2 });
    expect(taken.statusCode).toBe(409);
    expect(messageOf(taken)).toBe('Product name already taken');
    const typeChanged = await edit({ ...productBody({ type: 'SOFTWARE' }), version: 2 });
    expect(errorOf(typeChanged).code).toBe('PRODUCT_TYPE_CHANGED');
    const invalid = await edit({ ...withContent({ price: '2.001' }), version: 2 });
    expect(messageOf(invalid)).toContain('body.content.price: Can contain up to 2 decimal places');
    expect((await ctx.request('PUT', '/products/999999', { ...productBody(), version: 1 })).statusCode).toBe(
      404,
    );
  });

  it('activates and deactivates, each a new version and an activity', async () => {
    const product = await createProduct();
    const off = await ctx.request('POST', `/products/${product.id}/deactivate`);
    expect(off.json().product).toMatchObject({ isActive: false, version: 2 });
    expect((await ctx.request('POST', `/products/${product.id}/deactivate`)).json().product.version).toBe(2);
    expect((await ctx.request('GET', `/products?isActive=false&search=${product.name}`)).json().count).toBe(
      1,
    );
    const on = await ctx.request('POST', `/products/${product.id}/activate`);
    expect(on.json().product).toMatchObject({ isActive: true, version: 3 });
    const written = await ctx.db
      .select({ action: activities.action })
      .from(activities)
      .where(eq(activities.targetId, String(product.id)));
    expect(written.map((row) => row.action).sort()).toEqual([
      'product.activate',
      'product.create',
      'product.deactivate',
    ]);
  });
});

describe('references', () => {
  it('refuses a group of inactive, missing or group products', async () => {
    const active = await createProduct();
    const inactive = await createProduct();
    await ctx.request('POST', `/products/${inactive.id}/deactivate`);
    const group = (productIds: number[]) => productBody({ type: 'PRODUCT_GROUP', productIds });
    for (const productIds of [
      [active.id, inactive.id],
      [active.id, 999_999],
    ]) {
      const refused = await create(group(productIds));
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused)).toEqual({
        code: 'PRODUCTS_INACTIVE_OR_MISSING',
        message: 'One or more products are inactive or were not found',
      });
    }
    const saved = await createProduct(group([active.id, active.id]));
    expect(saved.productIds).toEqual([active.id]);
    const byIds = await ctx.request('GET', `/products?ids=${inactive.id},${active.id}`);
    expect((byIds.json().data as Product[]).map((p) => p.id).sort()).toEqual([active.id, inactive.id].sort());
    expect(messageOf(await create(group([saved.id])))).toBe(
      'One or more products are inactive or were not found',
    );
    const edited = await ctx.request('PUT', `/products/${saved.id}`, {
      ...group([inactive.id]),
      name: saved.name,
      version: 1,
    });
    expect(edited.statusCode).toBe(422);
    expect((await ctx.request('GET', `/products/${saved.id}`)).json().product.productIds).toEqual([
      active.id,
    ]);
  });

  it('restricts to technician roles that exist, and sends userRoles empty when all are allowed', async () => {
    const [technicianRole] = await ctx.db
      .insert(roles)
      .values({ name: `Billing ${unique()}`, permissions: [] })
      .returning({ id: roles.id });
    const [endUserRole] = await ctx.db
      .insert(roles)
      .values({ name: `Portal ${unique()}`, roleType: 'END_USER', permissions: [] })
      .returning({ id: roles.id });
    const restricted = (userRoles: number[]) =>
      productBody({ productUserRole: { allowAllTechnicians: false, userRoles } });
    for (const userRoles of [[technicianRole!.id, 999_999], [endUserRole!.id]]) {
      const refused = await create(restricted(userRoles));
      expect(refused.statusCode).toBe(422);
      expect(messageOf(refused)).toBe('One or more roles are inactive or were not found');
    }
    expect((await createProduct(restricted([technicianRole!.id]))).productUserRole).toEqual({
      allowAllTechnicians: false,
      userRoles: [technicianRole!.id],
    });
    const open = await createProduct(
      productBody({ productUserRole: { allowAllTechnicians: true, userRoles: [technicianRole!.id] } }),
    );
    expect(open.productUserRole).toEqual({ allowAllTechnicians: true, userRoles: [] });
    const listedRoles = (await ctx.request('GET', '/products/roles')).json().roles as { id: number }[];
    expect(listedRoles.map((role) => role.id)).toContain(technicianRole!.id);
    expect(listedRoles.map((role) => role.id)).not.toContain(endUserRole!.id);
  });
});

describe('who may use a product', () => {
  it('lists and checks only active products open to the caller’s role', async () => {
    const tech = await createUser(ctx, { permissions: ['ticketing.view', 'ticketing.manage'], scope: 'all' });
    const other = await createUser(ctx, { permissions: ['ticketing.manage'], scope: 'all' });
    const tag = unique();
    const named = (label: string, userRoles: number[] = []) =>
      productBody({
        name: `${tag} ${label}`,
        productUserRole: { allowAllTechnicians: userRoles.length === 0, userRoles },
      });
    const open = await createProduct(named('open'));
    const mine = await createProduct(named('mine', [tech.roleId]));
    const theirs = await createProduct(named('theirs', [other.roleId]));
    const retired = await createProduct(named('retired'));
    await ctx.request('POST', `/products/${retired.id}/deactivate`);

    const usable = await ctx.request('GET', `/products/usable?search=${tag}`, undefined, {
      cookie: tech.cookie,
    });
    expect(usable.statusCode, usable.body).toBe(200);
    expect((usable.json().data as Product[]).map((p) => p.id)).toEqual([mine.id, open.id]);

    const actor = { roleId: tech.roleId };
    const ids = [theirs.id, open.id, retired.id, mine.id];
    expect((await ctx.app.products.usableBy(actor, ids)).map((p) => p.id)).toEqual([open.id, mine.id]);
    await expect(ctx.app.products.assertUsable(actor, [open.id, theirs.id])).rejects.toMatchObject({
      code: 'PRODUCT_NOT_ALLOWED',
      statusCode: 403,
    });
    await expect(ctx.app.products.assertUsable(actor, [open.id, retired.id])).rejects.toMatchObject({
      code: 'PRODUCTS_INACTIVE_OR_MISSING',
      message: 'One or more products are inactive or were not found',
    });
    await expect(ctx.app.products.requireActive([open.id, mine.id])).resolves.toHaveLength(2);
  });

  it('needs billing.view to read and billing.manage to change the catalogue', async () => {
    const viewer = await createUser(ctx, { permissions: ['billing.view'], scope: 'all' });
    const product = await createProduct();
    const as = { cookie: viewer.cookie };
    expect((await ctx.request('GET', `/products/${product.id}`, undefined, as)).statusCode).toBe(200);
    expect((await ctx.request('POST', '/products', productBody(), as)).statusCode).toBe(403);
    expect((await ctx.request('POST', `/products/${product.id}/deactivate`, undefined, as)).statusCode).toBe(
      403,
    );
    expect((await ctx.request('GET', '/products/usable', undefined, as)).statusCode).toBe(403);
  });
});
