import { allPermissions, builtInRoles } from '@rmm/domain';
import { describe, expect, it } from 'vitest';
import {
  accessOfPath,
  administrationLinks,
  navSections,
  visibleAdministrationLinks,
  visibleNavSections,
} from './navigation.ts';

const permissionsOf = (name: string) =>
  new Set<string>(builtInRoles.find((role) => role.name === name)!.permissions);
const paths = (sections: ReturnType<typeof visibleNavSections>) =>
  sections
    .flatMap((section) => [section.to, ...(section.links ?? []).map((link) => link.to)])
    .filter(Boolean);

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

describe('navigation by permission', () => {
  it('shows an administrator every section and every administration group', () => {
    const all = new Set<string>(allPermissions);
    expect(visibleNavSections(all)).toEqual(navSections);
    expect(visibleAdministrationLinks(all).map((g) => g.group)).toEqual(
      administrationLinks().map((g) => g.group),
    );
  });

  it('gives Helpdesk the device search and tickets, and no administration menu', () => {
    const helpdesk = permissionsOf('Helpdesk');
    expect(paths(visibleNavSections(helpdesk))).toEqual(
      expect.arrayContaining(['/deviceSearch', '/ticketing/board/1', '/systemDashboard/overview']),
    );
    expect(paths(visibleNavSections(helpdesk))).not.toContain('/reporting/reports');
    expect(visibleAdministrationLinks(helpdesk)).toEqual([]);
  });

  it('gives a Technician the administration groups but not users or general settings', () => {
    const groups = visibleAdministrationLinks(permissionsOf('Technician')).map((g) => g.group);
    expect(groups).toEqual(expect.arrayContaining(['Customers', 'Devices']));
    expect(groups).not.toContain('Users');
    expect(groups).not.toContain('General');
  });

  it('lists Scheduled tasks to whoever manages tasks, without the rest of Policies', () => {
    const tasksOnly = new Set(['scheduledTasks.view', 'scheduledTasks.manage']);
    expect(visibleAdministrationLinks(tasksOnly)).toEqual([
      { group: 'Policies', links: [{ label: 'Scheduled tasks', to: '/administration/tasks' }] },
    ]);
  });

  it('reads what a page needs from the route table', () => {
    expect(accessOfPath('/administration/users/technicians')).toBe('users.view');
    expect(accessOfPath('/editor/user/5/general')).toBe('users.view');
    expect(accessOfPath('/systemDashboard/overview')).toBeUndefined();
  });
});
