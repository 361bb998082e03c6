import { describe, expect, it } from 'vitest';
import {
  BillingInterval,
  BillingOption,
  billedProductTypes,
  LicensingType,
  newProductDefaults,
  Product,
  ProductForm,
  type ProductFormInput,
  ProductFormTab,
  ProductPayload,
  ProductType,
  productFormOf,
  quantitySourcesOf,
  roundWorkedMinutes,
  TermOption,
  TimeEntrySource,
  TimeRoundingOption,
  toProductPayload,
  UpdateProductPayload,
} from './products.ts';

const MANDATORY = 'Mandatory value is undefined. Please enter a value.';

const createProductForm = (overrides: Partial<ProductFormInput> = {}): ProductFormInput => ({
  ...newProductDefaults('HARDWARE'),
  name: '  Laptop  ',
  description: ' 14-inch laptop ',
  price: '999999999999999.99',
  cost: '12.5',
  licensingType: 'PERPETUAL',
  term: 'ANNUAL',
  ...overrides,
});

const issuesOf = (input: ProductFormInput) =>
  ProductForm.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('product lists', () => {
  it('has the product types, licensing, billing, terms and intervals', () => {
    expect(ProductType.options).toEqual([
      'USER_PRODUCT',
      'SOFTWARE',
      'HARDWARE',
      'PRODUCT_GROUP',
      'MANAGED_END_USER',
      'MANAGED_DEVICES',
      'MANAGED_DEVICE_BACKUP',
      'LABOR_BILLED',
      'LABOR_TICKET_TIME_ENTRY',
      'CUSTOM_PRODUCT',
    ]);
    expect(LicensingType.options).toEqual(['PERPETUAL', 'SUBSCRIPTION', 'SUPPORT', 'TERM']);
    expect(BillingOption.options).toEqual(['BILLABLE', 'NOT_BILLABLE', 'NO_CHARGE']);
    expect(TermOption.options).toEqual(['ANNUAL', 'MONTHLY', 'QUARTERLY', 'SEMIANNUAL']);
    expect(BillingInterval.options).toEqual([
      'ANNUAL',
      'SEMIANNUAL',
      'QUARTERLY',
      'MONTHLY',
      'BIMONTHLY',
      'WEEKLY',
      'BIWEEKLY',
      'ONE_TIME',
    ]);
  });

  it('keeps the spec spelling of the time-rounding options', () => {
    expect(TimeRoundingOption.options).toEqual([
      'OFF',
      'ROUND_UP_5_MIN',
      '10_MIN',
      '15_MIN',
      '20_MIN',
      '30_MIN',
      'ROUND_UP_1_HOUR',
      'ROUND_UP_1_DAY',
    ]);
    expect(TimeEntrySource.options).toEqual(['SELF', 'TICKET', 'NONE']);
    expect(ProductFormTab.options).toEqual(['GENERAL', 'BILLING', 'ADVANCED', 'PERMISSIONS']);
  });

  it('bills user, software, hardware and custom products per item', () => {
    expect(billedProductTypes).toEqual(['USER_PRODUCT', 'SOFTWARE', 'HARDWARE', 'CUSTOM_PRODUCT']);
  });
});

describe('new product defaults', () => {
  it('is taxable, open to all technicians, billable, quantity 1, with empty texts', () => {
    expect(newProductDefaults('SOFTWARE')).toEqual({
      type: 'SOFTWARE',
      name: '',
      description: '',
      price: '',
      cost: '',
      taxable: true,
      quantity: 1,
      licensingType: null,
      term: null,
      billing: 'BILLABLE',
      quantitySource: null,
      rate: '',
      timeRounding: null,
      timeEntrySource: null,
      productIds: [],
      allowAllTechnicians: true,
      userRoles: [],
    });
  });

  it('starts managed types on their quantity source and labour on no rounding and its time-entry source', () => {
    expect(newProductDefaults('MANAGED_DEVICES')).toMatchObject({
      quantitySource: 'DEVICES',
      timeRounding: null,
    });
    expect(newProductDefaults('MANAGED_DEVICE_BACKUP').quantitySource).toBe('BACKUP_STORAGE_GB');
    expect(newProductDefaults('LABOR_TICKET_TIME_ENTRY')).toMatchObject({
      quantitySource: 'TIME_ENTRIES',
      timeRounding: 'OFF',
      timeEntrySource: 'TICKET',
    });
    expect(newProductDefaults('LABOR_BILLED').timeEntrySource).toBe('SELF');
    expect(quantitySourcesOf('HARDWARE')).toEqual([]);
  });
});

describe('product form', () => {
  it('requires name, description, licensing type and term', () => {
    expect(issuesOf(newProductDefaults('SOFTWARE'))).toEqual([
      ['name', MANDATORY],
      ['description', MANDATORY],
      ['licensingType', MANDATORY],
      ['term', MANDATORY],
    ]);
  });

  it('requires billing and quantity in billed variants only', () => {
    expect(issuesOf(createProductForm({ billing: null, quantity: '' }))).toEqual([
      ['billing', MANDATORY],
      ['quantity', MANDATORY],
    ]);
    const managed = {
      type: 'MANAGED_DEVICES',
      quantitySource: 'DEVICES',
      billing: null,
      quantity: '',
    } as const;
    expect(issuesOf(createProductForm(managed))).toEqual([]);
  });

  it('requires a role unless all technicians are allowed', () => {
    expect(issuesOf(createProductForm({ allowAllTechnicians: false }))).toEqual([['userRoles', MANDATORY]]);
    expect(issuesOf(createProductForm({ allowAllTechnicians: false, userRoles: [3] }))).toEqual([]);
  });

  it('shows the rule errors beside the field errors', () => {
    const input = { ...newProductDefaults('SOFTWARE'), allowAllTechnicians: false, quantity: '' };
    expect(issuesOf(input).map(([path]) => path)).toEqual([
      'name',
      'description',
      'licensingType',
      'term',
      'quantity',
      'userRoles',
    ]);
  });

  it('checks price, cost and quantity with the numeric messages', () => {
    expect(issuesOf(createProductForm({ price: '1000000000000000.01' }))).toEqual([
      ['price', 'Value must be less than or equal to 1000000000000000'],
    ]);
    expect(issuesOf(createProductForm({ cost: '1.005' }))).toEqual([
      ['cost', 'Can contain up to 2 decimal places'],
    ]);
    expect(issuesOf(createProductForm({ quantity: '0' }))).toEqual([
      ['quantity', 'Value must be greater than or equal to 1'],
    ]);
  });
});

describe('toProductPayload', () => {
  it('trims name and description and keeps price as an exact decimal string', () => {
    const payload = toProductPayload(ProductForm.parse(createProductForm()));
    expect(payload).toEqual({
      name: 'Laptop',
      description: '14-inch laptop',
      type: 'HARDWARE',
      content: {
        price: '999999999999999.99',
        cost: '12.5',
        taxable: true,
        quantity: 1,
        licensingType: 'PERPETUAL',
        term: 'ANNUAL',
        billing: 'BILLABLE',
        quantitySource: null,
        rate: null,
        timeRounding: null,
        timeEntrySource: null,
      },
      productUserRole: { allowAllTechnicians: true, userRoles: [] },
      productIds: [],
    });
    expect(ProductPayload.parse(payload)).toEqual(payload);
  });

  it('sends userRoles empty when all technicians are allowed', () => {
    const form = ProductForm.parse(createProductForm({ allowAllTechnicians: true, userRoles: [4, 5] }));
    expect(toProductPayload(form).productUserRole).toEqual({ allowAllTechnicians: true, userRoles: [] });
    const restricted = ProductForm.parse(
      createProductForm({ allowAllTechnicians: false, userRoles: [4, 5] }),
    );
    expect(toProductPayload(restricted).productUserRole).toEqual({
      allowAllTechnicians: false,
      userRoles: [4, 5],
    });
  });

  it('sends empty price and cost as null', () => {
    const form = ProductForm.parse(createProductForm({ price: '', cost: null }));
    expect(toProductPayload(form).content).toMatchObject({ price: null, cost: null });
  });
});

describe('ProductPayload and Product', () => {
  it('applies the billed-variant and role rules on the server side too', () => {
    const payload = toProductPayload(ProductForm.parse(createProductForm()));
    const broken = {
      ...payload,
      content: { ...payload.content, billing: null },
      productUserRole: { allowAllTechnicians: false, userRoles: [] },
    };
    const issues = ProductPayload.safeParse(broken).error?.issues.map((issue) => issue.path.join('.'));
    expect(issues).toEqual(['content.billing', 'productUserRole.userRoles']);
  });

  it('lists a product with id, isActive, version and times', () => {
    const payload = toProductPayload(ProductForm.parse(createProductForm()));
    const listed = { ...payload, id: 1, isActive: true, version: 1, createTime: 't1', updateTime: 't2' };
    expect(Product.parse(listed)).toEqual(listed);
    expect(productFormOf(listed)).toEqual({
      ...createProductForm(),
      name: 'Laptop',
      description: '14-inch laptop',
    });
  });
});

describe('type-specific fields', () => {
  const labour = (overrides: Partial<ProductFormInput> = {}) =>
    createProductForm({
      ...newProductDefaults('LABOR_BILLED'),
      ...overrides,
      licensingType: 'SUPPORT',
      term: 'MONTHLY',
    });

  it('requires labour rounding and time-entry source, a managed type its own quantity source, a group members', () => {
    expect(
      issuesOf(labour({ name: 'x', description: 'y', timeRounding: null, timeEntrySource: null })),
    ).toEqual([
      ['timeRounding', MANDATORY],
      ['timeEntrySource', MANDATORY],
    ]);
    const managed = { ...newProductDefaults('MANAGED_END_USER'), name: 'x', description: 'y' };
    expect(
      issuesOf({ ...managed, licensingType: 'TERM', term: 'ANNUAL', quantitySource: 'DEVICES' }),
    ).toEqual([['quantitySource', 'Invalid']]);
    expect(issuesOf({ ...managed, licensingType: 'TERM', term: 'ANNUAL', quantitySource: null })).toEqual([
      ['quantitySource', MANDATORY],
    ]);
    const group = {
      ...newProductDefaults('PRODUCT_GROUP'),
      name: 'x',
      description: 'y',
      licensingType: 'TERM' as const,
      term: 'ANNUAL' as const,
    };
    expect(issuesOf(group)).toEqual([['productIds', MANDATORY]]);
    expect(issuesOf({ ...group, productIds: [4] })).toEqual([]);
  });

  it('checks the labour rate with the price rule', () => {
    const issues = (rate: string) => issuesOf(labour({ name: 'x', description: 'y', rate }));
    expect(issues('1e2')).toEqual([['rate', 'Must not be in scientific notation']]);
    expect(issues('1.001')).toEqual([['rate', 'Can contain up to 2 decimal places']]);
    expect(issues('1000000000000000')).toEqual([]);
  });

  it('sends only the fields of the type', () => {
    const payload = toProductPayload(
      ProductForm.parse(labour({ name: 'x', description: 'y', price: '5', rate: '80', productIds: [3] })),
    );
    expect(payload.content).toMatchObject({
      price: null,
      quantity: null,
      rate: '80',
      timeRounding: 'OFF',
      timeEntrySource: 'SELF',
      quantitySource: 'TIME_ENTRIES',
    });
    expect(payload.productIds).toEqual([]);
    const hardware = toProductPayload(
      ProductForm.parse(createProductForm({ rate: '80', timeRounding: 'OFF', quantitySource: 'DEVICES' })),
    );
    expect(hardware.content).toMatchObject({
      rate: null,
      timeRounding: null,
      quantitySource: null,
      quantity: 1,
    });
  });

  it('takes an edit with its version, and answers missing choices with the mandatory message', () => {
    const payload = toProductPayload(ProductForm.parse(createProductForm()));
    expect(UpdateProductPayload.parse({ ...payload, version: 3 }).version).toBe(3);
    const { licensingType: _left, ...content } = payload.content;
    const issues = ProductPayload.safeParse({ ...payload, content }).error?.issues;
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['content.licensingType', MANDATORY],
    ]);
  });

  it('rounds worked minutes up to the option’s step', () => {
    expect(roundWorkedMinutes(7, 'OFF')).toBe(7);
    expect(roundWorkedMinutes(7, 'ROUND_UP_5_MIN')).toBe(10);
    expect(roundWorkedMinutes(10, '10_MIN')).toBe(10);
    expect(roundWorkedMinutes(16, '15_MIN')).toBe(30);
    expect(roundWorkedMinutes(61, 'ROUND_UP_1_HOUR')).toBe(120);
    expect(roundWorkedMinutes(1, 'ROUND_UP_1_DAY')).toBe(1440);
    expect(roundWorkedMinutes(0, '30_MIN')).toBe(0);
  });
});
