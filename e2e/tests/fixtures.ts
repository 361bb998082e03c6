import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { ADMIN, type ConsoleServer, startConsoleServer } from './console-server.ts';

/** The administrator's session cookies of this worker's server, kept from its first sign-in. */
let adminCookies: Awaited<ReturnType<BrowserContext['cookies']>> | undefined;

const signInWithForm = async (page: Page) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  adminCookies = await page.context().cookies();
};

/**
 * Signs the administrator in and shows the dashboard. A worker signs in with the form once and gives the
 * later tests that session (a test's sign-in is not what it tests: the sign-in pages have their own tests);
 * when that session has ended (a test signed out), the form is used again.
 */
export const signIn = async (page: Page) => {
  if (!adminCookies) return signInWithForm(page);
  await page.context().addCookies(adminCookies);
  await page.goto('/');
  const dashboard = page.getByRole('heading', { name: 'Dashboard' });
  await expect(dashboard.or(page.getByRole('button', { name: 'Sign in' }))).toBeVisible();
  if (!(await dashboard.isVisible())) {
    await page.context().clearCookies();
    await signInWithForm(page);
  }
};

/**
 * Every test runs against its worker's own server (`baseURL`), and fails on any uncaught page error or
 * console error.
 */
export const test = base.extend<
  { pageErrors: string[]; cspViolations: string[] },
  { consoleServer: ConsoleServer }
>({
  consoleServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature needs the destructuring.
    async ({}, use, workerInfo) => {
      const server = await startConsoleServer(workerInfo.parallelIndex);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ consoleServer }, use) => use(consoleServer.url),
  // Every test, whether it asks or not, fails on a Content-Security-Policy violation of any page it opened.
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeFunction('__reportCspViolation', (violation: string) => violations.push(violation));
      await context.addInitScript({
        content: `document.addEventListener('securitypolicyviolation', (event) =>
          window.__reportCspViolation(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') +
            ' on ' + document.location.pathname));`,
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // A 401 before sign-in and a 404 the page shows as "not found" are expected answers, not errors.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    await use(errors);
    expect(errors).toEqual([]);
  },
});

export { expect };
