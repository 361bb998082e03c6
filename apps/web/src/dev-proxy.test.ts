import { API_ROOTS, consoleRoutes, routeExample } from '@rmm/domain';
import { describe, expect, it } from 'vitest';
import { devProxy } from '../vite.config.ts';

const proxy = devProxy('http://localhost:8080');
const proxied = (url: string) => Object.keys(proxy).find((pattern) => new RegExp(pattern).test(url));

describe('npm run dev:web', () => {
  it('proxies every API root the server serves (apps/server/src/app.test.ts checks the server side)', () => {
    for (const root of API_ROOTS) {
      expect(proxied(root), root).toBeDefined();
      expect(proxied(`${root}/1?x=2`), root).toBeDefined();
    }
    expect(proxied('/webapp/submit/job')).toBeDefined();
    expect(proxy[proxied('/events')!]).toMatchObject({ target: 'ws://localhost:8080', ws: true });
  });

  it('leaves every console page to the console', () => {
    const pages = consoleRoutes.map(routeExample).filter((url) => proxied(url));
    expect(pages).toEqual([]);
    expect(proxied('/deviceDashboard/1/overview')).toBeUndefined();
  });
});
