import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from './render.tsx';

/** A query client for one test: no retries, nothing shared with other tests. */
export const createTestQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/**
 * Renders `element` as the screen of route `path`, opened at `url`, with a fresh query client and
 * the modals provider: what a screen of the console has around it.
 */
export const renderRoute = (element: ReactElement, { path, url }: { path: string; url: string }) => {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  const result = renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
};
