import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMeQuery } from './queries.ts';

/** Sends a visitor without a session to the sign-in page, and back afterwards. */
export const RequireAuth = ({ children }: { children: ReactNode }) => {
  const me = useMeQuery();
  const location = useLocation();
  if (me.isPending) {
    return (
      <Center mih="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!me.data) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
};
