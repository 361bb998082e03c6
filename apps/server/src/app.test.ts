// @both-databases: every path served, on the embedded database as on PostgreSQL.
import { API_ROOTS, apiPaths, consoleRoutes, isApiPath, routeExample } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

describe('the server skeleton', () => {
  it('declares an access rule on every registered route', () => {
    const undeclared = ctx.app.registeredRoutes
      .filter((route) => !route.config || !('access' in (route.config as object)))
      .map((route) => `${route.method} ${route.url}`);
    expect(ctx.app.registeredRoutes.length).toBeGreaterThan(10);
    expect(undeclared).toEqual([]);
  });

  it("serves every route under one of the API roots that the console's dev server proxies", () => {
    const outside = ctx.app.registeredRoutes.map((route) => route.url).filter((url) => !isApiPath(url));
    expect(outside).toEqual([]);
    // No console page lies under an API root, so a reload of any page gets the console, not the API.
    const pages = consoleRoutes.map(routeExample).filter(isApiPath);
    expect(pages).toEqual([]);
    expect(API_ROOTS).toContain('/webapp');
  });

  it('serves every API path the console builds (apiPaths), and finds each by its pattern', () => {
    const patterns = ctx.app.registeredRoutes.map(
      (route) => new RegExp(`^${route.url.replace(/:[^/]+/g, '[^/]+')}$`),
    );
    const built = Object.values(apiPaths).map((build) => (build as (...ids: number[]) => string)(1, 1));
    const unserved = built.filter((path) => !patterns.some((pattern) => pattern.test(path)));
    expect(built.length).toBeGreaterThan(20);
    expect(unserved).toEqual([]);
  });

  it('answers /healthz once the database is reachable', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('serves Prometheus metrics with the HTTP histogram and the database pool', async () => {
    await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const text = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(text).toContain('route="/healthz"');
    expect(text).toContain('db_pool_connections_total');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/auth/login', '/organizations', '/client/{id}']),
    );
    expect(
      doc.paths['/organizations'].post.requestBody.content['application/json'].schema.required,
    ).toContain('name');
  });

  it('answers unknown API paths with the error body', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/organizations-nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });
});

describe('the public API documentation', () => {
  it('shows no example value for a password, secret, token or key', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const found: string[] = [];
    const secretFields = new Set<string>();
    const walk = (node: unknown, path: string[]) => {
      if (Array.isArray(node)) {
        for (const [i, item] of node.entries()) walk(item, [...path, String(i)]);
        return;
      }
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        // A schema of a property (`properties.<name>`) or a parameter (`name`) that holds a secret.
        const field = path.at(-2) === 'properties' ? path.at(-1) : (node as { name?: unknown }).name;
        // `keyword` (an HTTP condition's text to find) is no key.
        const isSecretField = typeof field === 'string' && /password|secret|token|key(?!word)/i.test(field);
        if (isSecretField) secretFields.add(field);
        if (['example', 'examples', 'default'].includes(key) && isSecretField)
          found.push(`${[...path, key].join('.')} = ${JSON.stringify(value)}`);
        walk(value, [...path, key]);
      }
    };
    walk(doc, []);
    expect(found).toEqual([]);
    // The walk does reach the fields that hold secrets.
    expect([...secretFields]).toEqual(expect.arrayContaining(['password', 'token']));
  });
});
