import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/index.ts';
import { ApiError } from '../lib/api.ts';
import { BrandedMantineProvider } from './branding/branded-theme.tsx';
import { sessionKeys } from './session/queries.ts';

const Overlays = lazy(() => import('./overlays.tsx'));

/**
 * Spec §7: fetches are cached and not refetched on window focus; that is every query's default. Any
 * answer 401 (the session ended: revoked, expired, the user disabled) signs the console out: the
 * signed-in user becomes `null` and the guard of every signed-in screen goes to the sign-in page.
 */
export const createQueryClient = () => {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onSessionError(error) }),
    mutationCache: new MutationCache({ onError: (error) => onSessionError(error) }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 10_000,
        retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status === 401),
      },
    },
  });
  const onSessionError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401 && client.getQueryData(sessionKeys.me))
      client.setQueryData(sessionKeys.me, null);
  };
  return client;
};

export const Providers = ({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) => (
  <I18nextProvider i18n={i18n}>
    {/* The theme follows the branding (its primary colour), which is a query. */}
    <QueryClientProvider client={queryClient}>
      <BrandedMantineProvider>
        {children}
        <Suspense fallback={null}>
          <Overlays />
        </Suspense>
      </BrandedMantineProvider>
    </QueryClientProvider>
  </I18nextProvider>
);
