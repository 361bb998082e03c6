import { describe, expect, it } from 'vitest';
import { explodeOptionalSegments, matchConsoleRoute, matchRoutePattern, routeScore } from './route-match.ts';
import { consoleRoutes, routeExample } from './routes.ts';

describe('matching a console path to a route pattern', () => {
  it('takes :name as one non-empty segment', () => {
    expect(matchRoutePattern('/deviceDashboard/:id/overview', '/deviceDashboard/12/overview')).toEqual({
      id: '12',
    });
    expect(
      matchRoutePattern('/deviceDashboard/:id/overview', '/deviceDashboard/12/13/overview'),
    ).toBeUndefined();
    expect(matchRoutePattern('/deviceDashboard/:id/overview', '/deviceDashboard//overview')).toBeUndefined();
  });

  it('takes a trailing * as the rest of the path, or nothing', () => {
    expect(matchRoutePattern('/reporting/*', '/reporting/reports/7')).toEqual({ '*': 'reports/7' });
    expect(matchRoutePattern('/reporting/*', '/reporting')).toEqual({ '*': '' });
    expect(matchRoutePattern('/reporting/*', '/reportingX')).toBeUndefined();
  });

  it('takes :name? as optional, ignores case, trailing slashes, the query and the hash', () => {
    expect(explodeOptionalSegments('/editor/report/:id?')).toEqual(['/editor/report/:id', '/editor/report']);
    expect(matchRoutePattern('/editor/report/:id?', '/editor/report')).toEqual({});
    expect(matchRoutePattern('/editor/report/:id?', '/editor/report/3')).toEqual({ id: '3' });
    expect(matchRoutePattern('/deviceSearch', '/DEVICESEARCH/?page=2#top')).toEqual({});
  });

  it('scores patterns as React Router does', () => {
    expect(routeScore('/editor/customer/:id')).toBe(28);
    expect(routeScore('/editor/customer/:id/*')).toBe(27);
  });

  it('picks the most specific route when several match, as the router does', () => {
    expect(matchConsoleRoute('/editor/customer/4')?.pattern).toBe('/editor/customer/:id');
    expect(matchConsoleRoute('/editor/customer/4/credentials')?.pattern).toBe('/editor/customer/:id/*');
    expect(matchConsoleRoute('/systemDashboard/activities/remoteControl')?.pattern).toBe(
      '/systemDashboard/activities/remoteControl',
    );
    expect(matchConsoleRoute('/systemDashboard/activities/3')?.pattern).toBe(
      '/systemDashboard/activities/:page',
    );
    expect(matchConsoleRoute('/editor/systray/general')?.pattern).toBe('/editor/systray/general');
    expect(matchConsoleRoute('/deviceDashboard/12/overview')).toMatchObject({
      pattern: '/deviceDashboard/:id/overview',
      params: { id: '12' },
    });
    expect(matchConsoleRoute('/no/such/screen')).toBeUndefined();
  });

  it('finds every route of the table from its example', () => {
    for (const route of consoleRoutes)
      expect(matchConsoleRoute(routeExample(route))?.route.id).toBe(route.id);
  });
});
