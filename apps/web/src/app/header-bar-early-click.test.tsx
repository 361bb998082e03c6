import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { createPublicBranding } from '../test/branding-factories.ts';
import { meAnswer } from '../test/job-factories.ts';
import { mockFetch } from '../test/mock-fetch.ts';
import { renderRoute } from '../test/render-route.tsx';
import { HeaderBar } from './header-bar.tsx';

// The user menu's code arrives only when the test lets it: the user clicks its button before that.
const menuCode = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock('./user-menu.tsx', async (importOriginal) => {
  await menuCode.arrived;
  return importOriginal();
});

afterEach(() => vi.unstubAllGlobals());

it('opens the user menu clicked before its code arrived, once it has', async () => {
  mockFetch({ 'GET /auth/me': meAnswer([]), 'GET /branding': createPublicBranding() });
  const { user } = renderRoute(<HeaderBar isHelpOpen={false} onToggleHelp={() => {}} />, {
    path: '/',
    url: '/',
  });
  await user.click(screen.getByRole('button', { name: 'User menu' }));
  expect(screen.queryByRole('menuitem', { name: 'Sign out' })).not.toBeInTheDocument();
  menuCode.arrive();
  expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeVisible();
});
