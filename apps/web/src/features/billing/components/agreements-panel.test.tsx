import { Notifications } from '@mantine/notifications';
import { type Agreement, type AgreementTemplate, allPermissions } from '@rmm/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meAnswer } from '../../../test/job-factories.ts';
import { mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { pageOf } from '../../../test/scheduled-task-factories.ts';
import { AgreementsPanel } from './agreements-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const template: AgreementTemplate = {
  id: 3,
  name: 'Managed services',
  description: 'Devices and support',
  billingInterval: 'QUARTERLY',
  includedHours: '2.00',
  offHoursMultiplier: '1.50',
  taxRate: '7.5000',
  products: [
    {
      id: 30,
      productId: 9,
      name: 'Managed device',
      type: 'MANAGED_DEVICES',
      quantity: 10,
      price: '12.00',
      isPriceOverridden: false,
      taxable: true,
      quantitySource: 'DEVICES',
      quantityMode: 'COUNTED',
      timeRounding: null,
      timeEntrySource: null,
    },
  ],
  createTime: '2026-11-20T10:00:00.000Z',
  updateTime: '2026-11-20T10:00:00.000Z',
};

describe('an organization’s agreements', { timeout: 60_000 }, () => {
  it('creates one from a template, sending the template’s terms, products and quantity modes as shown', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': meAnswer([...allPermissions]),
      'GET /billing/agreements': pageOf([]),
      'GET /billing/agreement-templates': { templates: [template] },
      'GET /billing/organizations/4/counted-quantities': {
        organizationId: 4,
        quantities: { DEVICES: '12', END_USERS: '3', BACKUP_DEVICES: '0', BACKUP_STORAGE_GB: '0.00' },
      },
      'POST /billing/agreements': ({ body }: { body: object }) => ({ agreement: body }),
    });
    const { user } = renderRoute(
      <>
        <Notifications />
        <AgreementsPanel organization={{ id: 4, name: 'Acme' }} />
      </>,
      { path: '/', url: '/' },
    );
    expect(await screen.findByText('This organization has no agreements yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New agreement' }));
    const dialog = await screen.findByRole('dialog', { name: 'New agreement for Acme' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Template/ }));
    await user.click(await screen.findByRole('option', { name: 'Managed services' }));
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Managed services');
    // The template's managed devices are counted: the organization's count now, no quantity to type.
    const mode = within(dialog).getByRole('radiogroup', { name: 'Quantity mode: Managed device' });
    expect(within(mode).getByRole('radio', { name: 'Counted' })).toBeChecked();
    expect(await within(dialog).findByText('12 devices now')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Quantity: Managed device' })).toBeNull();
    // Fixed: the quantity typed is billed.
    await user.click(within(mode).getByRole('radio', { name: 'Fixed' }));
    expect(within(dialog).queryByText('12 devices now')).toBeNull();
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity: Managed device' });
    await user.clear(quantity);
    await user.type(quantity, '12');
    await user.clear(within(dialog).getByLabelText('From'));
    await user.type(within(dialog).getByLabelText('From'), '08:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agreement saved')).toBeInTheDocument();
    const [body] = requestBodies(fetchMock, 'POST /billing/agreements');
    expect(body).toEqual({
      organizationId: 4,
      templateId: 3,
      startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      name: 'Managed services',
      description: 'Devices and support',
      billingInterval: 'QUARTERLY',
      includedHours: '2.00',
      offHoursMultiplier: '1.50',
      taxRate: '7.5000',
      workHours: {
        timeZone: expect.any(String),
        days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
        start: '08:00',
        end: '17:00',
      },
      products: [{ productId: 9, quantityMode: 'FIXED', quantity: 12, price: null }],
    });
  });

  it('marks each managed product Counted or Fixed beside its name', async () => {
    const [managed] = template.products;
    const agreement: Agreement = {
      ...template,
      id: 8,
      organizationId: 4,
      organizationName: 'Acme',
      templateId: 3,
      startDate: '2026-11-01',
      nextBillDate: '2027-02-01',
      workHours: { timeZone: 'UTC', days: ['MONDAY'], start: '08:00', end: '17:00' },
      isActive: true,
      invoiceCount: 0,
      version: 1,
      products: [
        managed!,
        { ...managed!, id: 31, name: 'Backup seat', quantitySource: 'BACKUP_DEVICES', quantityMode: 'FIXED' },
        {
          ...managed!,
          id: 32,
          name: 'Support',
          type: 'CUSTOM_PRODUCT',
          quantitySource: null,
          quantityMode: 'FIXED',
        },
      ],
    };
    mockFetch({
      'GET /auth/me': meAnswer([...allPermissions]),
      'GET /billing/agreements': pageOf([agreement]),
    });
    renderRoute(<AgreementsPanel organization={{ id: 4, name: 'Acme' }} />, { path: '/', url: '/' });
    const table = await screen.findByRole('table', { name: /Acme/ });
    expect(within(table).getByRole('cell', { name: /^Managed device/ })).toHaveTextContent(
      'Managed deviceCounted, Backup seatFixed, Support',
    );
  });
});
