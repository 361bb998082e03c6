import { describe, expect, it } from 'vitest';
import { administrationLinks, navSections } from './navigation.ts';

const navigationPaths = () => [
  ...navSections.flatMap((section) => [section.to, ...(section.links ?? []).map((link) => link.to)]),
  ...administrationLinks().flatMap((group) => group.links.map((link) => link.to)),
];

describe('navigation', () => {
  it('reaches the device search, groups, roles, approvals and pending scripts', () => {
    expect(navigationPaths()).toEqual(
      expect.arrayContaining([
        '/deviceSearch',
        '/administration/devices/groups',
        '/administration/devices/roles',
        '/systemDashboard/approvals/1',
        '/systemDashboard/pendingScripts',
      ]),
    );
  });

  it('opens ticketing on the fixed board the domain builds (spec §2, §9)', () => {
    const ticketing = navSections.find((section) => section.key === 'ticketing');
    expect(ticketing?.to).toBe('/ticketing/board/1');
  });
});
