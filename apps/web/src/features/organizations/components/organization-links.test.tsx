import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meAnswer } from '../../../test/job-factories.ts';
import { mockFetch } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { OrganizationLinks } from './organization-links.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('OrganizationLinks', () => {
  it('links the organization’s overview to its approvals, pending scripts, backup and activities', () => {
    renderRoute(<OrganizationLinks organizationId={42} />, {
      path: '/customerDashboard/:id/overview',
      url: '/customerDashboard/42/overview',
    });
    const nav = screen.getByRole('navigation', { name: 'Organization pages' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Approvals', '/customerDashboard/42/approvals/1'],
      ['Pending scripts', '/customerDashboard/42/pendingScripts'],
      ['Backup', '/customerDashboard/42/backup/overview'],
      ['Activities', '/customerDashboard/42/activities/1'],
    ]);
  });

  it('links to the organization’s documentation for those who read the knowledge base', async () => {
    mockFetch({ 'GET /auth/me': meAnswer(['knowledgeBase.view']) });
    renderRoute(<OrganizationLinks organizationId={42} />, {
      path: '/customerDashboard/:id/overview',
      url: '/customerDashboard/42/overview',
    });
    expect(await screen.findByRole('link', { name: 'Documentation' })).toHaveAttribute(
      'href',
      '/customerDashboard/42/documentation',
    );
  });
});
