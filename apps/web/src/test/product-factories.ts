import type { ListProductsResponse, Product } from '@rmm/domain';

let nextId = 900;

/** A product as the API answers it; every call gets its own id and name. */
export const createProduct = (overrides: Partial<Product> = {}): Product => {
  const id = ++nextId;
  return {
    id,
    name: `Product ${id}`,
    description: 'A product',
    type: 'HARDWARE',
    content: {
      price: '100.00',
      cost: null,
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
    isActive: true,
    version: 1,
    createTime: '2026-01-02T10:00:00.000Z',
    updateTime: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
};

/** GET /products's answer. */
export const productPage = (products: Product[], count = products.length): ListProductsResponse => ({
  data: products,
  count,
  page: 1,
  pageSize: 50,
});
