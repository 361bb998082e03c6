import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, type TestContext } from '../../test/helpers.ts';
import { parseTrustProxy } from '../config.ts';
import { startMetricsListener } from './metrics.ts';

/** A built console: the index page and one script, as Vite leaves them. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-web-dist-'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
);
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'assets/index.js'), `console.log(${JSON.stringify('x'.repeat(4096))});`);
// A chunk as the console's build leaves it: compressed copies beside it (apps/web/precompress-plugin.ts).
const chunk = `console.log(${JSON.stringify('chunk '.repeat(1024))});`;
fs.writeFileSync(path.join(webDist, 'assets/chunk.js'), chunk);
fs.writeFileSync(path.join(webDist, 'assets/chunk.js.br'), zlib.brotliCompressSync(chunk));
fs.writeFileSync(path.join(webDist, 'assets/chunk.js.gz'), zlib.gzipSync(chunk));

const expectSecurityHeaders = (headers: Record<string, unknown>, what: string) => {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
};

describe('security headers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ webDist });
  });
  afterAll(() => ctx?.close());

  it('are on the console page, its files, API answers and error answers, without HSTS over http', async () => {
    const answers = {
      page: await ctx.app.inject({ method: 'GET', url: '/deviceSearch', headers: { accept: 'text/html' } }),
      script: await ctx.app.inject({ method: 'GET', url: '/assets/index.js' }),
      json: await ctx.app.inject({ method: 'GET', url: '/healthz' }),
      notFound: await ctx.app.inject({
        method: 'GET',
        url: '/organizations/999999',
        headers: { cookie: '' },
      }),
      unauthenticated: await ctx.app.inject({ method: 'GET', url: '/auth/me' }),
      badJson: await ctx.request('POST', '/organizations', '{', {}),
    };
    expect(answers.page.statusCode).toBe(200);
    expect(answers.page.body).toContain('<div id="root">');
    expect(answers.script.statusCode).toBe(200);
    expect(answers.unauthenticated.statusCode).toBe(401);
    for (const [what, answer] of Object.entries(answers)) {
      expectSecurityHeaders(answer.headers, what);
      expect(answer.headers['strict-transport-security'], what).toBeUndefined();
    }
  });

  it('give the OpenAPI UI its own policy, still never framed and without inline script left open', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('add HSTS when the console is served over https', async () => {
    const https = await createTestApp({ publicUrl: 'https://rmm.example.com', allowedOrigins: [ORIGIN] });
    try {
      const answer = await https.app.inject({ method: 'GET', url: '/healthz' });
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(answer.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await https.close();
    }
  });
});

describe("the console's files", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ webDist });
  });
  afterAll(() => ctx?.close());

  it('go out gzipped to a browser that takes it, and hashed assets are cached for good', async () => {
    const script = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(script.rawPayload).toString()).toContain('console.log(');
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/index.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log(');
  });

  it('go out as the build compressed them, brotli first, with their type and caching', async () => {
    const asBrotli = await ctx.app.inject({
      method: 'GET',
      url: '/assets/chunk.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(asBrotli.statusCode).toBe(200);
    expect(asBrotli.headers['content-encoding']).toBe('br');
    expect(asBrotli.headers['content-type']).toContain('javascript');
    expect(asBrotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(asBrotli.rawPayload).toString()).toBe(chunk);
    const asGzip = await ctx.app.inject({
      method: 'GET',
      url: '/assets/chunk.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asGzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(asGzip.rawPayload).toString()).toBe(chunk);
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/chunk.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(chunk);
  });
});

describe('/metrics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ trustProxy: true });
  });
  afterAll(() => ctx?.close());

  const read = (remoteAddress: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('answers this machine and refuses any other address, proxied or forged', async () => {
    const local = await read('127.0.0.1');
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('process_cpu_user_seconds_total');
    expect((await read('::1')).statusCode).toBe(200);

    const remote = await read('203.0.113.9');
    expect(remote.statusCode).toBe(403);
    expect(remote.json().error.code).toBe('FORBIDDEN');
    expect(remote.body).not.toContain('process_cpu');
    // Through a proxy on this machine, for an outside client; and an outside client claiming to be local.
    expect((await read('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
    expect((await read('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
  });

  it('with METRICS_TOKEN, answers the right bearer token from anywhere and nothing else', async () => {
    const guarded = await createTestApp({ metricsToken: 'scrape-secret-0123' });
    try {
      const read = (remoteAddress: string, authorization?: string) =>
        guarded.app.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress,
          headers: authorization ? { authorization } : {},
        });
      expect((await read('203.0.113.9', 'Bearer scrape-secret-0123')).statusCode).toBe(200);
      const wrong = await read('203.0.113.9', 'Bearer scrape-secret-0124');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'A valid metrics token is required.',
      });
      expect((await read('203.0.113.9')).statusCode).toBe(401);
      // The token is asked of this machine too: one rule, whoever scrapes.
      expect((await read('127.0.0.1')).statusCode).toBe(401);
    } finally {
      await guarded.close();
    }
  });

  it('with METRICS_PORT, is served by a listener of its own on loopback, not by the console', async () => {
    const separate = await createTestApp({ metricsPort: 0 });
    try {
      expect((await separate.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const listener = await startMetricsListener(separate.app.metrics, 0, '127.0.0.1');
      try {
        const [address] = listener.addresses() as AddressInfo[];
        expect(address?.address).toBe('127.0.0.1');
        const answer = await fetch(`http://127.0.0.1:${address?.port}/metrics`);
        expect(answer.status).toBe(200);
        expect(await answer.text()).toContain('db_pool_connections_total');
      } finally {
        await listener.close();
      }
    } finally {
      await separate.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('is off when unset, 0 or false, and on for 1 or true', () => {
    expect([undefined, '', '0', 'false', 'FALSE'].map(parseTrustProxy)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['1', 'true'].map(parseTrustProxy)).toEqual([true, true]);
    expect(parseTrustProxy('10.0.0.1, 10.0.0.2')).toBe('10.0.0.1, 10.0.0.2');
  });
});
