import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPublicBranding } from '../test/branding-factories.ts';
import { meAnswer } from '../test/job-factories.ts';
import { mockFetch } from '../test/mock-fetch.ts';
import { renderRoute } from '../test/render-route.tsx';
import { brandingKeys } from './branding/queries.ts';
import { HeaderBar } from './header-bar.tsx';

afterEach(() => vi.unstubAllGlobals());

const openHeader = () => {
  const onToggleHelp = vi.fn();
  const result = renderRoute(<HeaderBar isHelpOpen={false} onToggleHelp={onToggleHelp} />, {
    path: '/',
    url: '/',
  });
  return { ...result, onToggleHelp };
};

describe('the header help button (spec §6: help follows the branding)', () => {
  it('is shown when help is enabled and opens the panel', async () => {
    mockFetch({ 'GET /auth/me': meAnswer([]), 'GET /branding': createPublicBranding() });
    const { user, onToggleHelp } = openHeader();
    await user.click(await screen.findByRole('button', { name: 'Help' }));
    expect(onToggleHelp).toHaveBeenCalledOnce();
  });

  it('is gone when help is disabled in the branding', async () => {
    mockFetch({
      'GET /auth/me': meAnswer([]),
      'GET /branding': createPublicBranding({
        help: { enabled: false, articles: false, submitTicket: false, academy: false },
      }),
    });
    const { queryClient } = openHeader();
    await screen.findByRole('button', { name: 'User menu' });
    // Once the branding has arrived (before it, no help button is shown either way).
    await waitFor(() => expect(queryClient.getQueryState(brandingKeys.public)?.status).toBe('success'));
    expect(screen.queryByRole('button', { name: 'Help' })).not.toBeInTheDocument();
  });
});

describe('the user menu', () => {
  it('shows who is signed in, their account and sign out', async () => {
    mockFetch({ 'GET /auth/me': meAnswer([]), 'GET /branding': createPublicBranding() });
    const { user } = openHeader();
    // The menu's code loads after the header is drawn: its button is a menu button once it has.
    await user.click(await screen.findByRole('button', { name: 'User menu', expanded: false }));
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'My account' })).toBeVisible();
    expect(screen.getByText('tech@example.com')).toBeVisible();
  });
});
