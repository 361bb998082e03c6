import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';

/** Pages outside the console's frame (sign-in): a loader while their code arrives. */
export const StandaloneFrame = () => (
  <Suspense fallback={<PageLoader />}>
    <Outlet />
  </Suspense>
);
