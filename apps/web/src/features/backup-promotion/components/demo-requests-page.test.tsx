import type { DemoRequestRecord } from '@rmm/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { DemoRequestsPage } from './demo-requests-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/administration/general/demoRequests';
let nextId = 1;
const createDemoRequest = (overrides: Partial<DemoRequestRecord> = {}): DemoRequestRecord => ({
  id: nextId++,
  userName: 'Ann Smith',
  userEmail: 'ann@example.com',
  requestedAt: new Date().toISOString(),
  requestedBy: { id: 3, name: 'Tech', email: 'tech@msp.test' },
  deliveryStatus: 'SENT',
  deliveryAttempts: 1,
  deliveryError: null,
  deliveredAt: new Date().toISOString(),
  ...overrides,
});
const page = (data: DemoRequestRecord[], count = data.length, pageNumber = 1) => ({
  data,
  count,
  page: pageNumber,
  pageSize: 25,
});
const listQueries = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === '/division/promotion/demo-requests')
    .map((url) => Object.fromEntries(url.searchParams));

describe('the demo requests received', () => {
  it('lists each request with who sent it and whether its mail went out', async () => {
    mockFetch({
      'GET /division/promotion/demo-requests': page([
        createDemoRequest({ userName: '<b>Ann</b>', userEmail: 'ann@example.com' }),
        createDemoRequest({
          userName: 'Bob',
          userEmail: 'bob@example.com',
          deliveryStatus: 'FAILED',
          deliveryAttempts: 2,
          deliveryError: 'connect ECONNREFUSED 127.0.0.1:25',
          deliveredAt: null,
        }),
        createDemoRequest({ userName: 'Cy', deliveryStatus: null, deliveryAttempts: 0, deliveredAt: null }),
      ]),
    });
    renderRoute(<DemoRequestsPage />, { path: PATH, url: PATH });
    expect(screen.getByRole('heading', { name: 'Demo requests' })).toBeInTheDocument();
    const ann = await screen.findByRole('row', { name: /<b>Ann<\/b>/ });
    expect(within(ann).getByRole('link', { name: 'ann@example.com' })).toHaveAttribute(
      'href',
      'mailto:ann@example.com',
    );
    expect(ann).toHaveTextContent('Sent');
    expect(ann).toHaveTextContent('tech@msp.test');
    const bob = screen.getByRole('row', { name: /Bob/ });
    expect(bob).toHaveTextContent('Failed');
    expect(bob).toHaveTextContent('Attempt 2: connect ECONNREFUSED 127.0.0.1:25');
    expect(screen.getByRole('row', { name: /Cy/ })).toHaveTextContent('Not mailed');
    expect(screen.getByText('3 in total')).toBeInTheDocument();
  });

  it('says so when there is none', async () => {
    mockFetch({ 'GET /division/promotion/demo-requests': page([]) });
    renderRoute(<DemoRequestsPage />, { path: PATH, url: PATH });
    expect(await screen.findByText(/No demo requests yet/)).toBeInTheDocument();
  });

  it('keeps the page in the URL and asks for it', async () => {
    const fetchMock = mockFetch({
      'GET /division/promotion/demo-requests': ({ url }: { url: URL }) =>
        page([createDemoRequest({ userName: `Page ${url.searchParams.get('page')}` })], 30, 1),
    });
    const { user, router } = renderRoute(<DemoRequestsPage />, { path: PATH, url: PATH });
    expect(await screen.findByRole('row', { name: /Page 1/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByRole('row', { name: /Page 2/ })).toBeInTheDocument();
    expect(listQueries(fetchMock)).toEqual([
      { page: '1', pageSize: '25' },
      { page: '2', pageSize: '25' },
    ]);
  });
});
