import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnrollment } from '../../../test/agents.ts';
import {
  createOrganizationInput,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts';
import { devices, enrollmentTokens } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

/** The agent's call: no cookie, no Origin. */
const enrol = (token: string, overrides: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/agent/enroll',
    payload: { token, hostname: 'pc-1', platform: 'win32', agentVersion: '0.1.0', ...overrides },
  });

describe('enrolment tokens', () => {
  it('creates a token that expires, stored only as its hash, with its activity', async () => {
    const before = Date.now();
    const { organization, token } = await createEnrollment(ctx, { ttlHours: 2 });
    expect(token.token).toMatch(/^rmm_enr_[A-Za-z0-9_-]{32}$/);
    expect(Date.parse(token.expiresAt) - before).toBeGreaterThanOrEqual(2 * 3_600_000 - 1000);
    const [row] = await ctx.db.select().from(enrollmentTokens).where(eq(enrollmentTokens.id, token.id));
    expect(row!.tokenHash).toBe(sha256(token.token));
    expect(JSON.stringify(row)).not.toContain(token.token);
    const log = (
      await ctx.request('GET', `/activities?organizationId=${organization.id}&action=enrollment`)
    ).json();
    expect(log.data[0]).toMatchObject({ action: 'enrollment.create', outcome: 'SUCCESS' });
  });

  it('lists tokens without the token, with their status, and revokes one', async () => {
    const { organization, token } = await createEnrollment(ctx);
    const list = (await ctx.request('GET', `/enrollment-tokens?organizationId=${organization.id}`)).json();
    expect(list).toMatchObject({ count: 1, page: 1, pageSize: 25 });
    expect(list.data[0]).toMatchObject({
      id: token.id,
      status: 'ACTIVE',
      usedCount: 0,
      createdBy: 'admin@test.local',
    });
    expect(JSON.stringify(list)).not.toContain(token.token);
    expect((await ctx.request('DELETE', `/enrollment-tokens/${token.id}`)).statusCode).toBe(200);
    const revoked = (
      await ctx.request('GET', `/enrollment-tokens?organizationId=${organization.id}&status=REVOKED`)
    ).json();
    expect(revoked.data.map((t: { id: number }) => t.id)).toEqual([token.id]);
  });

  it('refuses a location of another organization, and an organization outside the scope alike as missing', async () => {
    const one = (await ctx.request('POST', '/organizations', createOrganizationInput())).json();
    const two = (await ctx.request('POST', '/organizations', createOrganizationInput())).json();
    const wrongLocation = await ctx.request('POST', '/enrollment-tokens', {
      organizationId: one.id,
      locationId: two.locations[0].id,
    });
    expect(wrongLocation.statusCode).toBe(400);
    const tech = await createUser(ctx, { permissions: ['enrollment.manage'], scope: [one.id] });
    const other = await ctx.request(
      'POST',
      '/enrollment-tokens',
      { organizationId: two.id },
      { cookie: tech.cookie },
    );
    expect(other.statusCode).toBe(404);
    const list = (
      await ctx.request('GET', `/enrollment-tokens?organizationId=${two.id}`, undefined, {
        cookie: tech.cookie,
      })
    ).json();
    expect(list.count).toBe(0);
  });

  it('needs enrollment.manage and an allowed Origin to create one', async () => {
    const org = (await ctx.request('POST', '/organizations', createOrganizationInput())).json();
    const viewer = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
    const body = { organizationId: org.id };
    expect(
      (await ctx.request('POST', '/enrollment-tokens', body, { cookie: viewer.cookie })).statusCode,
    ).toBe(403);
    const foreign = await ctx.request('POST', '/enrollment-tokens', body, { origin: 'https://evil.example' });
    expect(foreign.json().error.code).toBe('ORIGIN_REFUSED');
  });
});

describe('POST /agent/enroll', () => {
  it('exchanges a token for a device identity without a browser Origin; the secret is stored hashed', async () => {
    const { organization, token } = await createEnrollment(ctx);
    const response = await enrol(token.token, { nodeClass: 'WINDOWS_SERVER' });
    expect(response.statusCode).toBe(200);
    const identity = response.json();
    expect(identity).toMatchObject({ organizationId: organization.id, approvalStatus: 'APPROVED' });
    const [row] = await ctx.db.select().from(devices).where(eq(devices.id, identity.deviceId));
    expect(row).toMatchObject({
      secretHash: sha256(identity.deviceSecret),
      nodeRoleId: 1,
      platform: 'win32',
    });
    const list = (await ctx.request('GET', `/enrollment-tokens?organizationId=${organization.id}`)).json();
    expect(list.data[0].usedCount).toBe(1);
  });

  it('refuses an unknown token with a clear message and records the refusal', async () => {
    const response = await enrol('rmm_enr_doesnotexist');
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({
      code: 'ENROLLMENT_TOKEN_INVALID',
      message: 'This enrolment token is not valid. Ask for a new one.',
    });
    const failures = (await ctx.request('GET', '/activities?action=device.enroll&outcome=FAILURE')).json();
    expect(failures.data[0].detail).toContain('ENROLLMENT_TOKEN_INVALID');
  });

  it('refuses revoked and expired tokens, each with its own message', async () => {
    const revoked = (await createEnrollment(ctx)).token;
    await ctx.request('DELETE', `/enrollment-tokens/${revoked.id}`);
    expect((await enrol(revoked.token)).json().error.code).toBe('ENROLLMENT_TOKEN_REVOKED');
    const expired = (await createEnrollment(ctx)).token;
    await ctx.db
      .update(enrollmentTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(enrollmentTokens.id, expired.id));
    const response = await enrol(expired.token);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('This enrolment token has expired. Ask for a new one.');
  });
});
