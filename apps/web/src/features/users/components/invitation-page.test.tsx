import { ModalsProvider } from '@mantine/modals';
import { defaultFeatureFlags } from '@rmm/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { createTestQueryClient } from '../../../test/render-route.tsx';
import { InvitationPage } from './invitation-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'abcdefghijklmnop';
/** The page, and the dashboard it leads to. */
const open = () => {
  const router = createMemoryRouter(
    [
      { path: '/invitation/:token', element: <InvitationPage /> },
      { path: '/systemDashboard/overview', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: [`/invitation/${TOKEN}`] },
  );
  const result = renderWithProviders(
    <QueryClientProvider client={createTestQueryClient()}>
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </QueryClientProvider>,
  );
  return { ...result, router };
};
const info = {
  email: 'dana@example.com',
  name: 'Dana',
  purpose: 'INVITE',
  expiresAt: '2030-01-01T00:00:00.000Z',
};

describe('the invitation page', { timeout: 20_000 }, () => {
  it('asks for a password twice, refuses a short or different one, then sets it and signs in', async () => {
    let signedIn = false;
    const fetchMock = mockFetch({
      [`GET /auth/invitation/${TOKEN}`]: info,
      [`POST /auth/invitation/${TOKEN}`]: () => {
        signedIn = true;
        return { ok: true };
      },
      'GET /auth/me': () =>
        signedIn
          ? {
              user: {
                id: 5,
                email: info.email,
                name: 'Dana',
                roleName: 'Helpdesk',
                organizationScope: 'all',
              },
              permissions: [],
              featureFlags: defaultFeatureFlags,
            }
          : errorAnswer(401, 'UNAUTHORIZED', 'Sign in first.'),
    });
    const { user, router } = open();
    expect(await screen.findByRole('heading', { name: 'Welcome, Dana' })).toBeInTheDocument();
    expect(screen.getByText('Choose a password for dana@example.com.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(screen.getAllByText('At least 12 characters.')).toHaveLength(2);
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(requestBodies(fetchMock, `POST /auth/invitation/${TOKEN}`)).toEqual([]);

    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'a long password');
    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/systemDashboard/overview');
    expect(requestBodies(fetchMock, `POST /auth/invitation/${TOKEN}`)).toEqual([
      { password: 'a long password' },
    ]);
  });

  it('shows the server’s message for an expired link, with a hint to ask an administrator', async () => {
    mockFetch({
      [`GET /auth/invitation/${TOKEN}`]: () =>
        errorAnswer(410, 'GONE', 'This link has expired. Ask an administrator for a new one.'),
    });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired.');
    expect(screen.getByText('Ask your administrator for a new link.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  });

  it('shows the not-found message of an unknown link', async () => {
    mockFetch({
      [`GET /auth/invitation/${TOKEN}`]: () => errorAnswer(404, 'NOT_FOUND', 'This link is not valid.'),
    });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid.');
    expect(screen.queryByText('Ask your administrator for a new link.')).not.toBeInTheDocument();
  });
});
