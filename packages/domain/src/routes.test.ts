import { describe, expect, it } from 'vitest';
import { consoleRoutes, integrationApps, routeExample } from './routes.ts';

describe('the console route table', () => {
  it('has unique ids and paths', () => {
    expect(new Set(consoleRoutes.map((r) => r.id)).size).toBe(consoleRoutes.length);
    expect(new Set(consoleRoutes.map((r) => r.path)).size).toBe(consoleRoutes.length);
  });

  it('covers the areas of spec §2', () => {
    const paths = consoleRoutes.map((r) => r.path);
    for (const expected of [
      '/getStarted',
      '/systemDashboard/overview',
      '/systemDashboard/activities/remoteControl',
      '/customerDashboard/:id/location/:location',
      '/deviceDashboard/:id/tools/:page',
      '/administration/general/branding/:page',
      '/administration/users/endUserRoles',
      '/administration/devices/cache',
      '/administration/library/scripting/:page',
      '/administration/customers/organizations',
      '/administration/policies/mdm',
      '/administration/dynamicPolicies',
      '/administration/tasks',
      '/deviceSearch',
      '/group/:id',
      '/quickConnect/:page',
      '/nmsDashboard/*',
      '/editor/report/:id?',
      '/editor/customer/:id/*',
      '/editor/role/:id/*',
      '/editor/systray/:id/systrayMenu',
      '/editor/imageManager/*',
    ]) {
      expect(paths).toContain(expected);
    }
    const appPages = paths.filter((p) => p.startsWith('/administration/apps/'));
    expect(appPages.filter((p) => p.split('/').length === 4)).toHaveLength(integrationApps.length);
    // Pages of an app, beside spec §2's one per app: the ticketing app's rulesets (issue 20).
    expect(appPages.filter((p) => p.split('/').length > 4)).toEqual([
      '/administration/apps/ticketing/rulesets',
    ]);
  });

  it('gives every parameterised route a concrete example to visit', () => {
    for (const route of consoleRoutes) expect(routeExample(route)).not.toMatch(/[:*]/);
  });

  it('marks editors so they open full screen', () => {
    expect(consoleRoutes.filter((r) => r.path.startsWith('/editor/')).every((r) => r.isEditor)).toBe(true);
  });
});
