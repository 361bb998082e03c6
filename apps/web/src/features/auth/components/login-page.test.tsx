import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { LoginPage } from './login-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the sign-in page and single sign-on', { timeout: 20_000 }, () => {
  it('offers single sign-on when it is on, and explains a refusal', async () => {
    mockFetch({ 'GET /auth/sso': { enabled: true, buttonLabel: 'Sign in with Example' } });
    renderRoute(<LoginPage />, { path: '/login', url: '/login?sso=refused&reason=unknown_user' });
    const link = await screen.findByRole('link', { name: 'Sign in with Example' });
    expect(link).toHaveAttribute('href', '/auth/sso/start');
    expect(screen.getByRole('alert')).toHaveTextContent('No account matches this email');
  });

  it('shows no button while single sign-on is off', async () => {
    const fetchMock = mockFetch({
      'GET /auth/sso': { enabled: false, buttonLabel: 'Sign in with single sign-on' },
    });
    renderRoute(<LoginPage />, { path: '/login', url: '/login' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
