import { Notifications, notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { createProduct, productPage } from '../../../test/product-factories.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createMe } from '../../../test/search-factories.ts';
import { ProductsPage } from './products-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

const PATH = '/administration/billing/products';
const MANDATORY = 'Mandatory value is undefined. Please enter a value.';
const manager = () => createMe(['billing.view', 'billing.manage']);
const roles = {
  roles: [
    { id: 4, name: 'Billing desk' },
    { id: 5, name: 'Field techs' },
  ],
};
const open = (url = PATH) =>
  renderRoute(
    <>
      <Notifications />
      <ProductsPage />
    </>,
    { path: PATH, url },
  );
const listUrls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === '/products');
const paste = (input: HTMLElement, text: string) =>
  fireEvent.paste(input, { clipboardData: { getData: () => text } });
const chooseOption = async (user: ReturnType<typeof open>['user'], field: HTMLElement, option: string) => {
  await user.click(field);
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('ProductsPage', { timeout: 30_000 }, () => {
  it('lists products and filters by search, type and status through the URL', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': manager(),
      'GET /products': ({ url }: { url: URL }) =>
        url.searchParams.get('type') === 'LABOR_BILLED'
          ? productPage([])
          : productPage([
              createProduct({ name: 'Laptop', content: { ...createProduct().content, price: '1299.99' } }),
              createProduct({
                name: 'Onsite hour',
                type: 'LABOR_BILLED',
                isActive: false,
                content: { ...createProduct().content, price: null, rate: '95.00' },
              }),
            ]),
    });
    const { user, router } = open();
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(within(table).getByRole('row', { name: /Laptop/ })).toHaveTextContent(
      'Hardware1299.99BillableActive',
    );
    expect(within(table).getByRole('row', { name: /Onsite hour/ })).toHaveTextContent('95.00 / hour');
    expect(within(table).getByRole('row', { name: /Onsite hour/ })).toHaveTextContent('Inactive');

    await user.type(screen.getByRole('textbox', { name: 'Search products' }), 'lap');
    await waitFor(() => expect(router.state.location.search).toBe('?q=lap'));
    await chooseOption(user, screen.getByRole('combobox', { name: 'Type' }), 'Labour (billed)');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Status' }), 'Inactive');
    await waitFor(() => expect(router.state.location.search).toBe('?q=lap&type=LABOR_BILLED&active=false'));
    expect(await screen.findByText('No product matches these filters.')).toBeInTheDocument();
    const last = listUrls(fetchMock).at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toEqual({
      page: '1',
      pageSize: '50',
      search: 'lap',
      type: 'LABOR_BILLED',
      isActive: 'false',
    });
  });

  it('creates a labour product: type picker, tabs, the domain’s messages, then the exact request', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': manager(),
      'GET /products': productPage([]),
      'GET /products/roles': roles,
      'POST /products': ({ body }: { body: unknown }) => ({ product: createProduct(body as object) }),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'New product' }));
    const picker = await screen.findByRole('dialog', { name: 'New product' });
    await user.click(within(picker).getByRole('radio', { name: /Labour \(billed\)/ }));
    await user.click(within(picker).getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'New product: Labour (billed)' });
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['General', 'Billing', 'Advanced', 'Permissions']);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription(MANDATORY);
    expect(within(dialog).getByRole('tab', { name: 'Advanced (has errors)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Billing' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.paste('  Onsite hour  ');
    await user.click(within(dialog).getByRole('textbox', { name: /Description/ }));
    await user.paste(' Work at the customer ');

    await user.click(within(dialog).getByRole('tab', { name: 'Billing' }));
    const rate = within(dialog).getByRole('textbox', { name: 'Rate per hour' });
    paste(rate, '1e3');
    expect(rate).toHaveAccessibleDescription(/Must not be in scientific notation/);
    await user.clear(rate);
    await user.type(rate, '1,5');
    await user.tab();
    expect(rate).toHaveAccessibleDescription(/Invalid/);
    await user.clear(rate);
    await user.type(rate, '95.505');
    await user.tab();
    expect(rate).toHaveAccessibleDescription(/Can contain up to 2 decimal places/);
    await user.clear(rate);
    await user.type(rate, '95.50');
    expect(within(dialog).queryByRole('textbox', { name: 'Price' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('tab', { name: 'Advanced (has errors)' }));
    await chooseOption(user, within(dialog).getByRole('combobox', { name: /Licensing type/ }), 'Support');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: /^Term/ }), 'Monthly');
    await chooseOption(
      user,
      within(dialog).getByRole('combobox', { name: /Time rounding/ }),
      'Round up to 15 minutes',
    );
    expect(within(dialog).getByRole('combobox', { name: /Time entries from/ })).toHaveValue(
      'Entered on the product itself',
    );
    expect(within(dialog).getByRole('combobox', { name: /Quantity counted from/ })).toHaveValue(
      'Time entries (hours)',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /products')).toEqual([
        {
          name: 'Onsite hour',
          description: 'Work at the customer',
          type: 'LABOR_BILLED',
          content: {
            price: null,
            cost: null,
            taxable: true,
            quantity: null,
            licensingType: 'SUPPORT',
            term: 'MONTHLY',
            billing: 'BILLABLE',
            quantitySource: 'TIME_ENTRIES',
            rate: '95.50',
            timeRounding: '15_MIN',
            timeEntrySource: 'SELF',
          },
          productUserRole: { allowAllTechnicians: true, userRoles: [] },
          productIds: [],
        },
      ]),
    );
    expect(await screen.findByText('Product created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('restricts a product to roles, and shows the server’s refusal of a taken name', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': manager(),
      'GET /products': productPage([]),
      'GET /products/roles': roles,
      'POST /products': () => errorAnswer(409, 'PRODUCT_NAME_TAKEN', 'Product name already taken'),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'New product' }));
    const picker = await screen.findByRole('dialog', { name: 'New product' });
    await user.click(within(picker).getByRole('radio', { name: /^Hardware/ }));
    await user.click(within(picker).getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'New product: Hardware' });
    await user.click(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.paste('Laptop');
    await user.click(within(dialog).getByRole('textbox', { name: /Description/ }));
    await user.paste('14 inch');
    await user.click(within(dialog).getByRole('tab', { name: 'Billing' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Price' }));
    await user.paste('1000000000000000');
    const quantity = within(dialog).getByRole('textbox', { name: /Quantity/ });
    expect(quantity).toHaveValue('1');
    await user.click(within(dialog).getByRole('tab', { name: 'Advanced' }));
    await chooseOption(user, within(dialog).getByRole('combobox', { name: /Licensing type/ }), 'Perpetual');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: /^Term/ }), 'Annual');
    await user.click(within(dialog).getByRole('tab', { name: 'Permissions' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Every technician may use this product' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('combobox', { name: /Technician roles/ })).toHaveAccessibleDescription(
      expect.stringContaining(MANDATORY),
    );
    expect(requestBodies(fetchMock, 'POST /products')).toEqual([]);
    await chooseOption(
      user,
      within(dialog).getByRole('combobox', { name: /Technician roles/ }),
      'Field techs',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestBodies(fetchMock, 'POST /products')).toHaveLength(1));
    expect(requestBodies(fetchMock, 'POST /products')[0]).toMatchObject({
      content: { price: '1000000000000000', quantity: 1 },
      productUserRole: { allowAllTechnicians: false, userRoles: [5] },
    });
    expect(await screen.findByText('Error creating product')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription(
      'Product name already taken',
    );
  });

  it('edits with the version read, and offers the current version after a conflict', async () => {
    const product = createProduct({ name: 'Laptop', version: 2 });
    const current = { ...product, name: 'Laptop (changed)', version: 3 };
    let reads = 0;
    const fetchMock = mockFetch({
      'GET /auth/me': manager(),
      'GET /products': productPage([product]),
      'GET /products/roles': roles,
      [`GET /products/${product.id}`]: () => ({ product: reads++ === 0 ? product : current }),
      [`PUT /products/${product.id}`]: ({ body }: { body: { version: number } }) =>
        body.version === 2
          ? errorAnswer(409, 'PRODUCT_VERSION_CONFLICT', 'stale', { product: current })
          : { product: { ...current, version: 4 } },
    });
    const { user, router } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit Laptop' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?product=${product.id}`));
    const dialog = await screen.findByRole('dialog', { name: 'Edit product: Hardware' });
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Laptop');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Someone else changed this product');
    expect(await screen.findByText('Error updating product')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Load the current version' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Laptop (changed)'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestBodies(fetchMock, `PUT /products/${product.id}`)).toHaveLength(2));
    expect(requestBodies(fetchMock, `PUT /products/${product.id}`).map((body) => body.version)).toEqual([
      2, 3,
    ]);
    expect(await screen.findByText('Product updated')).toBeInTheDocument();
  });

  it('asks before deactivating a product', async () => {
    const product = createProduct({ name: 'Old router' });
    const fetchMock = mockFetch({
      'GET /auth/me': manager(),
      'GET /products': productPage([product]),
      [`POST /products/${product.id}/deactivate`]: { product: { ...product, isActive: false } },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Old router' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate “Old router”?' });
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/deactivate'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, `POST /products/${product.id}/deactivate`)).toHaveLength(1),
    );
    expect(await screen.findByText('Product deactivated')).toBeInTheDocument();
  });

  it('lets a viewer read but not change the catalogue', async () => {
    mockFetch({
      'GET /auth/me': createMe(['billing.view']),
      'GET /products': productPage([createProduct({ name: 'Laptop' })]),
    });
    open();
    expect(await screen.findByRole('button', { name: 'Edit Laptop' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'New product' })).toBeDisabled();
  });
});
