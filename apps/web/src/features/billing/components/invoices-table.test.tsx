import { Notifications } from '@mantine/notifications';
import { allPermissions, type InvoiceSummary } from '@rmm/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meAnswer } from '../../../test/job-factories.ts';
import { mockFetch } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { pageOf } from '../../../test/scheduled-task-factories.ts';
import { InvoicesTable } from './invoices-table.tsx';

afterEach(() => vi.unstubAllGlobals());

const invoice: InvoiceSummary = {
  id: 42,
  number: 'INV-000042',
  organizationId: 4,
  organizationName: 'Acme',
  agreementId: 7,
  agreementName: 'Managed services',
  periodStart: '2026-10-01',
  periodEnd: '2026-11-01',
  status: 'PENDING',
  currency: 'USD',
  subtotal: '100.00',
  taxRate: null,
  tax: '0.00',
  total: '100.00',
  createTime: '2026-10-01T10:00:00.000Z',
  approveTime: null,
  archiveTime: null,
  voidTime: null,
};

describe('voiding an invoice', { timeout: 60_000 }, () => {
  it('asks first, voids on confirmation and shows the invoice as Void', async () => {
    let current = invoice;
    const fetchMock = mockFetch({
      'GET /auth/me': meAnswer([...allPermissions]),
      'GET /billing/invoices': () => pageOf([current]),
      'POST /billing/invoices/42/void': () => {
        current = { ...invoice, status: 'VOID', voidTime: '2026-11-29T10:00:00.000Z' };
        return { invoice: { ...current, lines: [] } };
      },
    });
    const { user } = renderRoute(
      <>
        <Notifications />
        <InvoicesTable organizationId={4} />
      </>,
      { path: '/', url: '/' },
    );
    const voidButton = await screen.findByRole('button', { name: 'Void INV-000042' });
    // Cancelling sends nothing.
    await user.click(voidButton);
    let dialog = await screen.findByRole('dialog', { name: 'Void INV-000042' });
    expect(dialog).toHaveTextContent('Void INV-000042 (100.00 USD)?');
    expect(dialog).toHaveTextContent('2026-10-01 – 2026-11-01');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const voids = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(voids()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Void INV-000042' }));
    dialog = await screen.findByRole('dialog', { name: 'Void INV-000042' });
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await screen.findByText('INV-000042 voided')).toBeInTheDocument();
    expect(voids()).toHaveLength(1);
    const table = screen.getByRole('table', { name: /invoices/i });
    expect(await within(table).findByText('Void')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Void INV-000042' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
