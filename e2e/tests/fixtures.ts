import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';

export const signIn = async (page: Page) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
};

/** Fails the test on any uncaught page error or console error. */
export const test = base.extend<{ pageErrors: string[] }>({
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
