import { consoleRoutes, matchConsoleRoute, routeExample } from '@rmm/domain';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

/** The route tree as router.tsx builds it (editors, then the app's routes, then the not-found page). */
const tree: RouteObject[] = [
  { children: consoleRoutes.filter((r) => r.isEditor).map((r) => ({ path: r.path, id: r.path })) },
  {
    children: [
      { index: true, id: 'index' },
      ...consoleRoutes
        .filter((r) => !r.isEditor && r.id !== 'extensionBlocked')
        .map((r) => ({ path: r.path, id: r.path })),
      { path: '*', id: 'notFound' },
    ],
  },
];

const routerChoice = (path: string) => {
  const id = matchRoutes(tree, path)?.at(-1)?.route.id;
  return id === 'notFound' || id === 'index' ? undefined : id;
};

describe("the help centre's route matcher (domain) agrees with the console's router", () => {
  it('on every route example and on paths that test the edges', () => {
    const paths = [
      ...consoleRoutes.filter((r) => r.id !== 'extensionBlocked').map(routeExample),
      '/deviceDashboard/12/overview',
      '/deviceDashboard/12/overview/',
      '/DeviceDashboard/12/Overview',
      '/customerDashboard/3/documentation/a/b/c',
      '/customerDashboard/3/documentation',
      '/editor/customer/4',
      '/editor/customer/4/backup/network-storage',
      '/editor/report/9',
      '/editor/cloudMonitor',
      '/systemDashboard/activities/remoteTools',
      '/systemDashboard/activities/5',
      '/reporting',
      '/group/1/extra',
      '/nowhere',
    ];
    for (const path of paths) expect(matchConsoleRoute(path)?.pattern, path).toBe(routerChoice(path));
  });
});
