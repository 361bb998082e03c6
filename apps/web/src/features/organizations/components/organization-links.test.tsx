import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { OrganizationLinks } from './organization-links.tsx';

describe('OrganizationLinks', () => {
  it('links the organization’s overview to its approvals, pending scripts and activities', () => {
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
      ['Activities', '/customerDashboard/42/activities/1'],
    ]);
  });
});
