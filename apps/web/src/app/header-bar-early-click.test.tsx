import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

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
  // Test files of a worker share one module graph: another file may already have loaded the header and
  // resolved its lazy menu. Fresh copies of the app's modules make this render wait for the mocked menu.
  vi.resetModules();
  const { HeaderBar } = await import('./header-bar.tsx');
  const { renderRoute } = await import('../test/render-route.tsx');
  const { mockFetch } = await import('../test/mock-fetch.ts');
  const { meAnswer } = await import('../test/job-factories.ts');
  const { createPublicBranding } = await import('../test/branding-factories.ts');
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
