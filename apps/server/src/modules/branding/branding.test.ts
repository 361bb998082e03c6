import { createHmac } from 'node:crypto';
import zlib from 'node:zlib';
import {
  ACADEMY_TOKEN_TTL_SECONDS,
  DEFAULT_PRODUCT_NAME,
  defaultHelpFlags,
  LOGO_MAX_BYTES,
  messages,
} from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, ORIGIN, type TestContext } from '../../../test/helpers.ts';
import { settings } from '../../db/schema.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real PNG (8-bit RGB, one colour), with an optional ancillary text chunk to make it bigger. */
const makePng = (width: number, height: number, { padding = 0 } = {}) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x40)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(padding > 0 ? [chunk('tEXt', Buffer.alloc(padding, 0x61))] : []),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const upload = (bytes: Buffer, fileName = 'logo.png', mimeType = 'image/png', cookie?: string) =>
  ctx.request(
    'PUT',
    '/settings/branding/logo',
    { file: bytes.toString('base64'), fileName, mimeType },
    cookie ? { cookie } : {},
  );

const publicBranding = async () => (await ctx.app.inject({ method: 'GET', url: '/branding' })).json();

describe('branding settings', () => {
  it('answers the defaults to anyone, then the saved name, colour and help flags', async () => {
    expect(await publicBranding()).toEqual({
      productName: DEFAULT_PRODUCT_NAME,
      primaryColor: null,
      logoUrl: null,
      help: { enabled: true, articles: true, submitTicket: true, academy: false, videoTutorials: false },
      academy: null,
    });
    const saved = await ctx.request('PUT', '/settings/branding', {
      productName: '  Acme IT  ',
      primaryColor: '#12AB9F',
      help: { submitTicket: false },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      productName: 'Acme IT',
      primaryColor: '#12ab9f',
      help: { ...defaultHelpFlags, submitTicket: false },
      logo: null,
    });
    expect(await publicBranding()).toMatchObject({
      productName: 'Acme IT',
      primaryColor: '#12ab9f',
      help: { enabled: true, articles: true, submitTicket: false },
    });
    const activities = (await ctx.request('GET', '/activities?action=settings.branding.update')).json().data;
    expect(activities[0]).toMatchObject({ outcome: 'SUCCESS', targetName: 'Branding' });
  });

  it('refuses a colour that is not #rrggbb, an empty name and unknown fields', async () => {
    for (const body of [
      { primaryColor: 'red' },
      { primaryColor: '#12ab9' },
      { primaryColor: '#12ab9fz' },
      { productName: '   ' },
      { productName: 'x'.repeat(61) },
      { help: { chat: true } },
      { logo: null },
    ]) {
      expect((await ctx.request('PUT', '/settings/branding', body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
  });

  it('turns every help part off when help is disabled, and back on', async () => {
    await ctx.request('PUT', '/settings/branding', { help: { enabled: false } });
    expect((await publicBranding()).help).toEqual({
      enabled: false,
      articles: false,
      submitTicket: false,
      academy: false,
      videoTutorials: false,
    });
    await ctx.request('PUT', '/settings/branding', { help: { enabled: true, submitTicket: true } });
    expect((await publicBranding()).help).toMatchObject({
      enabled: true,
      articles: true,
      submitTicket: true,
    });
  });

  it('is read with settings.view and changed only with settings.manage', async () => {
    const viewer = await createUser(ctx, { permissions: ['settings.view'], scope: 'all' });
    const read = await ctx.request('GET', '/settings/branding', undefined, { cookie: viewer.cookie });
    expect(read.statusCode).toBe(200);
    const put = await ctx.request(
      'PUT',
      '/settings/branding',
      { productName: 'X' },
      { cookie: viewer.cookie },
    );
    expect(put.statusCode).toBe(403);
    expect((await upload(makePng(4, 4), 'logo.png', 'image/png', viewer.cookie)).statusCode).toBe(403);
  });
});

describe('the logo', () => {
  it('stores a real PNG and serves it with its own type, sandboxed', async () => {
    const png = makePng(120, 40);
    const answer = await upload(png);
    expect(answer.statusCode).toBe(200);
    const logo = answer.json().logo;
    expect(logo).toMatchObject({ contentType: 'image/png', size: png.length, width: 120, height: 40 });
    expect((await publicBranding()).logoUrl).toBe(logo.url);

    const served = await ctx.app.inject({ method: 'GET', url: logo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('flags a file that is not the image it claims as suspicious and keeps the stored logo', async () => {
    const before = (await ctx.request('GET', '/settings/branding')).json().logo;
    const html = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    const polyglot = Buffer.concat([makePng(8, 8), Buffer.from('<script>alert(1)</script>')]);
    const trailing = Buffer.concat([makePng(8, 8), Buffer.from('PK\u0003\u0004 a zip after the image')]);
    for (const [bytes, fileName, mimeType] of [
      [html, 'logo.png', 'image/png'],
      [svg, 'logo.svg', 'image/svg+xml'],
      [polyglot, 'logo.png', 'image/png'],
      [trailing, 'logo.png', 'image/png'],
      [makePng(8, 8), 'logo.jpg', 'image/jpeg'],
      [makePng(8, 8), 'logo.html', 'image/png'],
    ] as const) {
      const answer = await upload(bytes, fileName, mimeType);
      expect(answer.statusCode, fileName).toBe(422);
      expect(answer.json().error).toEqual({ code: 'IMAGE_SUSPICIOUS', message: messages.images.suspicious });
    }
    expect((await ctx.request('GET', '/settings/branding')).json().logo).toEqual(before);
    const failures = (await ctx.request('GET', '/activities?action=settings.branding.logo')).json().data;
    expect(failures[0]).toMatchObject({ outcome: 'FAILURE' });
  });

  it('refuses an image over the size limit and a damaged one with the upload error', async () => {
    const big = makePng(16, 16, { padding: LOGO_MAX_BYTES });
    const tooBig = await upload(big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('IMAGE_TOO_LARGE');
    expect(tooBig.json().error.message).toContain(messages.images.uploadError);

    const cut = makePng(16, 16).subarray(0, 40);
    const damaged = await upload(cut);
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().error.message).toContain(messages.images.uploadError);
  });

  it('removes the logo', async () => {
    await upload(makePng(10, 10));
    const answer = await ctx.request('DELETE', '/settings/branding/logo');
    expect(answer.json().logo).toBeNull();
    expect((await publicBranding()).logoUrl).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: '/branding/logo' })).statusCode).toBe(404);
  });
});

describe('help tooltips', () => {
  it('keeps each user their own dismissed set', async () => {
    const other = await createUser(ctx, { permissions: [], scope: 'all' });
    const put = await ctx.request('PUT', '/help/tooltips', {
      dismissed: ['scheduledTasks.list', 'deviceSearch.criteria', 'scheduledTasks.list'],
    });
    expect(put.json()).toEqual({ dismissed: ['deviceSearch.criteria', 'scheduledTasks.list'] });
    expect((await ctx.request('GET', '/help/tooltips')).json()).toEqual({
      dismissed: ['deviceSearch.criteria', 'scheduledTasks.list'],
    });
    expect((await ctx.request('GET', '/help/tooltips', undefined, { cookie: other.cookie })).json()).toEqual({
      dismissed: [],
    });
    await ctx.request('PUT', '/help/tooltips', { dismissed: ['deviceSearch.criteria'] });
    expect((await ctx.request('GET', '/help/tooltips')).json().dismissed).toEqual(['deviceSearch.criteria']);
    await ctx.request('PUT', '/help/tooltips', { dismissed: [] });
    expect((await ctx.request('GET', '/help/tooltips')).json().dismissed).toEqual([]);
  });

  it('refuses ids of the wrong shape and callers without a session', async () => {
    expect((await ctx.request('PUT', '/help/tooltips', { dismissed: ['<b>'] })).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: '/help/tooltips',
      headers: { origin: ORIGIN },
      payload: { dismissed: [] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('video tutorials', () => {
  const topic = (overrides: object = {}) => ({
    topic: 'backup',
    url: 'https://videos.example.com/backup',
    sources: [],
    ...overrides,
  });

  it('accepts https links only, each topic and quality once', async () => {
    for (const topics of [
      [topic({ url: 'http://videos.example.com/backup' })],
      [topic({ url: 'javascript:alert(1)' })],
      [topic({ url: 'https://user:pw@videos.example.com/' })],
      [topic({ url: null })],
      [topic({ sources: [{ quality: '4k', url: 'https://v.example.com/a.mp4' }] })],
      [
        topic({
          sources: [
            { quality: '720p', url: 'https://v.example.com/a.mp4' },
            { quality: '720p', url: 'https://v.example.com/b.mp4' },
          ],
        }),
      ],
      [topic(), topic()],
      [topic({ topic: 'billing' })],
    ]) {
      expect(
        (await ctx.request('PUT', '/settings/video-tutorials', { topics })).statusCode,
        JSON.stringify(topics),
      ).toBe(400);
    }
  });

  it('lists the configured topics in the spec order with their qualities from 240p up', async () => {
    const saved = await ctx.request('PUT', '/settings/video-tutorials', {
      topics: [
        topic(),
        {
          topic: 'technicianCreation',
          url: null,
          sources: [
            { quality: '1080p', url: 'https://v.example.com/tech-1080.mp4' },
            { quality: '240p', url: 'https://v.example.com/tech-240.mp4' },
          ],
        },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect((await ctx.request('GET', '/help/video-tutorials')).json()).toEqual({
      topics: [
        {
          topic: 'technicianCreation',
          title: 'Technician creation',
          url: null,
          sources: [
            { quality: '240p', url: 'https://v.example.com/tech-240.mp4' },
            { quality: '1080p', url: 'https://v.example.com/tech-1080.mp4' },
          ],
        },
        { topic: 'backup', title: 'Backup', url: 'https://videos.example.com/backup', sources: [] },
      ],
    });
    expect((await publicBranding()).help.videoTutorials).toBe(true);
  });
});

describe('the academy', () => {
  const SECRET = 'a-very-long-academy-signing-secret-0123456789';
  const login = (headers: Record<string, string> = { origin: ORIGIN }, provider = 'learn') =>
    ctx.app.inject({
      method: 'GET',
      url: `/ws/integrations/${provider}/login`,
      headers: { cookie: ctx.adminCookie, ...headers },
    });

  it('is hidden (404) until configured, and needs a secret for signed tokens', async () => {
    expect((await login()).statusCode).toBe(404);
    expect((await publicBranding()).academy).toBeNull();
    const noSecret = await ctx.request('PUT', '/settings/academy', {
      enabled: true,
      provider: 'learn',
      name: 'Acme Academy',
      baseUrl: 'https://academy.example.com/sso/jwt',
      ssoMethod: 'JWT_HS256',
    });
    expect(noSecret.statusCode).toBe(400);
    expect(
      (await ctx.request('PUT', '/settings/academy', { baseUrl: 'http://academy.example.com/' })).statusCode,
    ).toBe(400);
  });

  it('stores the secret encrypted and never answers or logs it', async () => {
    const saved = await ctx.request('PUT', '/settings/academy', {
      enabled: true,
      provider: 'learn',
      name: 'Acme Academy',
      baseUrl: 'https://academy.example.com/sso/jwt?site=acme',
      ssoMethod: 'JWT_HS256',
      secret: SECRET,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      enabled: true,
      provider: 'learn',
      name: 'Acme Academy',
      baseUrl: 'https://academy.example.com/sso/jwt?site=acme',
      ssoMethod: 'JWT_HS256',
      secretSet: true,
      loginPath: '/ws/integrations/learn/login',
    });
    expect((await ctx.request('GET', '/settings/academy')).body).not.toContain(SECRET);
    const [row] = await ctx.db.select().from(settings).where(eq(settings.key, 'academy'));
    expect(JSON.stringify(row!.value)).not.toContain(SECRET);
    const activities = (await ctx.request('GET', '/activities?action=settings.academy.update')).body;
    expect(activities).not.toContain(SECRET);
    expect(await publicBranding()).toMatchObject({
      help: { academy: true },
      academy: { name: 'Acme Academy', loginPath: '/ws/integrations/learn/login' },
    });
  });

  it('redirects the signed-in user with an HS256 token that verifies', async () => {
    const before = Math.floor(Date.now() / 1000);
    const answer = await login();
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['cache-control']).toBe('no-store');
    const location = new URL(String(answer.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe('https://academy.example.com/sso/jwt');
    expect(location.searchParams.get('site')).toBe('acme');
    const [header, payload, signature] = location.searchParams.get('jwt')!.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url')).toBe(signature);
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims).toMatchObject({ iss: ORIGIN, aud: 'learn', email: 'admin@test.local' });
    expect(claims.sub).toMatch(/^\d+$/);
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.exp - claims.iat).toBe(ACADEMY_TOKEN_TTL_SECONDS);
    expect(claims.jti).toMatch(/^[\w-]{16,}$/);
    const wrongSecret = createHmac('sha256', 'another secret')
      .update(`${header}.${payload}`)
      .digest('base64url');
    expect(wrongSecret).not.toBe(signature);
  });

  it('refuses a request without an Origin or from a foreign one, and another provider', async () => {
    const refused: Record<string, string>[] = [
      {},
      { origin: 'https://evil.example.com' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of refused) {
      const answer = await login(headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(403);
      expect(answer.json().error.code).toBe('ORIGIN_REFUSED');
    }
    expect((await login({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(302);
    expect((await login({ origin: ORIGIN }, 'other')).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/ws/integrations/learn/login',
      headers: { origin: ORIGIN },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('sends the user on without a token with the NONE method, and hides the link when off', async () => {
    await ctx.request('PUT', '/settings/academy', { ssoMethod: 'NONE', secret: null });
    const answer = await login();
    expect(answer.statusCode).toBe(302);
    expect(new URL(String(answer.headers.location)).searchParams.has('jwt')).toBe(false);
    await ctx.request('PUT', '/settings/branding', { help: { academy: false } });
    expect((await publicBranding()).academy).toBeNull();
    await ctx.request('PUT', '/settings/branding', { help: { academy: true } });
    await ctx.request('PUT', '/settings/academy', { enabled: false });
    expect((await login()).statusCode).toBe(404);
  });
});
