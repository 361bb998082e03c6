import { Notifications } from '@mantine/notifications';
import { allPermissions, messages, type Ticket, type TicketBillingResponse } from '@rmm/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOrganization } from '../../test/device-factories.ts';
import { meAnswer } from '../../test/job-factories.ts';
import { errorAnswer, type MockRoutes, mockFetch, requestBodies } from '../../test/mock-fetch.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { pageOf } from '../../test/scheduled-task-factories.ts';
import {
  createLogEntry,
  createTicket,
  logPage,
  setupAnswer,
  ticketPage,
} from '../../test/ticket-factories.ts';
import { TicketingRoute } from './ticketing-route.tsx';

afterEach(() => vi.unstubAllGlobals());

const billingOf = (
  ticket: Ticket,
  overrides: Partial<TicketBillingResponse> = {},
): TicketBillingResponse => ({
  ticketId: ticket.id,
  agreementId: 7,
  agreements: [
    { id: 7, name: 'Managed', billingInterval: 'MONTHLY', isActive: true },
    { id: 8, name: 'Project', billingInterval: 'ONE_TIME', isActive: true },
  ],
  agreementProducts: [],
  labour: { name: 'Remote support', price: '90.00', offHoursPrice: '135.00', timeRounding: '15_MIN' },
  products: [
    {
      id: 1,
      ticketId: ticket.id,
      productId: 3,
      agreementProductId: null,
      name: 'Keyboard',
      description: '',
      quantity: '2.00',
      price: '19.99',
      amount: '39.98',
      taxable: true,
      billingStatus: 'PENDING',
      invoiceId: null,
      createdBy: 'tech@example.com',
      createTime: '2026-11-20T10:00:00.000Z',
    },
  ],
  timeEntries: [
    {
      id: 11,
      startTime: '2026-11-20T19:00:00.000Z',
      endTime: '2026-11-20T19:50:00.000Z',
      durationSeconds: 3000,
      billedSeconds: 3600,
      hours: '1.0000',
      isOffHours: true,
      technician: 'tech@example.com',
      note: '',
      billingStatus: 'BILLED',
      invoiceId: 4,
    },
  ],
  ...overrides,
});

const openTicket = (ticket: Ticket, extra: MockRoutes = {}) => {
  const fetchMock = mockFetch({
    'GET /auth/me': meAnswer([...allPermissions]),
    [`GET /tickets/${ticket.id}`]: { ticket, timer: null },
    [`GET /tickets/${ticket.id}/log`]: logPage([createLogEntry(ticket.id, { type: 'CREATED' })]),
    [`GET /tickets/${ticket.id}/billing`]: billingOf(ticket),
    'GET /ticket-setup': setupAnswer(),
    'GET /ticket-forms': { forms: [] },
    'GET /users': pageOf([]),
    'GET /client/1': { resultCode: 'SUCCESS', client: createOrganization({ id: 1 }) },
    'GET /devices': pageOf([]),
    'GET /tickets': ticketPage([]),
    ...extra,
  });
  const view = renderRoute(
    <>
      <Notifications />
      <TicketingRoute />
    </>,
    { path: '/ticketing/*', url: `/ticketing/ticket/${ticket.id}` },
  );
  return { ...view, fetchMock };
};

describe('the ticket page’s billing section', { timeout: 60_000 }, () => {
  it('shows the agreement, the products and the time with their billing status', async () => {
    const ticket = createTicket({ agreementId: 7 });
    openTicket(ticket);
    const billing = await screen.findByRole('region', { name: 'Billing' });
    expect(await within(billing).findByRole('combobox', { name: 'Agreement' })).toHaveValue(
      'Managed (Monthly)',
    );
    expect(billing).toHaveTextContent('Keyboard');
    expect(billing).toHaveTextContent('2.00 × 19.99 = 39.98');
    expect(billing).toHaveTextContent(
      'Time is billed as Remote support: 90.00 an hour, 135.00 off hours, Up to 15 minutes.',
    );
    const time = within(billing).getByRole('table', { name: 'Time entries' });
    expect(time).toHaveTextContent('1.0000 h');
    expect(time).toHaveTextContent('off hours');
    expect(time).toHaveTextContent('Billed');
    expect(within(billing).getByText('Pending')).toBeInTheDocument();
  });

  it('changes the agreement with the ticket’s version and shows a rule’s refusal as the server says it', async () => {
    const ticket = createTicket({ agreementId: 7, version: 5 });
    const { fetchMock, user } = openTicket(ticket, {
      [`PATCH /tickets/${ticket.id}`]: errorAnswer(
        422,
        'TICKET_RULE',
        messages.ticketRules.oneTimeAgreementWithPendingProducts,
      ),
    });
    const billing = await screen.findByRole('region', { name: 'Billing' });
    await user.click(await within(billing).findByRole('combobox', { name: 'Agreement' }));
    await user.click(await screen.findByRole('option', { name: 'Project (One time)' }));
    expect(
      await within(billing).findByText(
        'Cannot set one-time billed agreement while ticket has pending products',
      ),
    ).toBeInTheDocument();
    expect(requestBodies(fetchMock, `PATCH /tickets/${ticket.id}`)).toEqual([{ version: 5, agreementId: 8 }]);
  });
});
