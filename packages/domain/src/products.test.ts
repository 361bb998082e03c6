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
  TermOption,
  TimeEntrySource,
  TimeRoundingOption,
  toProductPayload,
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
      allowAllTechnicians: true,
      userRoles: [],
    });
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
    expect(issuesOf(createProductForm({ type: 'MANAGED_DEVICES', billing: null, quantity: '' }))).toEqual([]);
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
      },
      productUserRole: { allowAllTechnicians: true, userRoles: [] },
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

  it('lists a product with id, isActive and times', () => {
    const payload = toProductPayload(ProductForm.parse(createProductForm()));
    const listed = { ...payload, id: 1, isActive: true, createTime: 't1', updateTime: 't2' };
    expect(Product.parse(listed)).toEqual(listed);
  });
});
