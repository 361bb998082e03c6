import { EXTENSION_BLOCKED_TEXT } from '@rmm/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/mock-fetch.ts';
import { renderWithProviders } from '../test/render.tsx';
import { createTestQueryClient } from '../test/render-route.tsx';
import { routeObjects } from './router.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the browser-extension isolation page (spec §2)', () => {
  it('says "Your admin has blocked this browser extension." at /extensionBlocked', async () => {
    // Nobody is signed in: the page is outside the console's frame and asks nothing of the server.
    const fetchMock = mockFetch({});
    const router = createMemoryRouter(routeObjects, { initialEntries: ['/extensionBlocked'] });
    renderWithProviders(
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Your admin has blocked this browser extension.')).toBeVisible();
    expect(EXTENSION_BLOCKED_TEXT).toBe('Your admin has blocked this browser extension.');
    expect(screen.getByRole('heading', { name: 'Extension blocked' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/extensionBlocked');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
