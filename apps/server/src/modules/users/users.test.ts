import { allPermissions, builtInRoles, INVITATION_TTL_HOURS, userMessages } from '@rmm/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN,
  createOrganizationInput,
  createTestApp,
  createUser,
  ORIGIN,
  type TestContext,
} from '../../../test/helpers.ts';

let ctx: TestContext;
let orgA: number;
let orgB: number;
beforeAll(async () => {
  // Sessions outlive the fake clock's jumps (PGlite's now() follows the faked Date too).
  ctx = await createTestApp({ loginRatePerMinute: 1000, sessionTtlHours: 1000 });
  orgA = (await ctx.request('POST', '/organizations', createOrganizationInput())).json().id;
  orgB = (await ctx.request('POST', '/organizations', createOrganizationInput())).json().id;
});
afterAll(() => ctx?.close());
afterEach(() => vi.useRealTimers());

const roleIds = new Map<string, number>();
const roleId = async (name: string, roleType = 'TECHNICIAN') => {
  if (!roleIds.has(name)) {
    const roles = (await ctx.request('GET', `/user-roles?roleType=${roleType}`)).json() as {
      id: number;
      name: string;
    }[];
    for (const role of roles) roleIds.set(role.name, role.id);
  }
  return roleIds.get(name)!;
};

const tokenOf = (url: string) => url.split('/invitation/')[1]!;

let counter = 0;
const invite = async (body: Record<string, unknown> = {}, cookie?: string) =>
  ctx.request(
    'POST',
    '/users',
    {
      email: `invited-${++counter}-${Date.now()}@test.local`,
      name: `Invited ${counter}`,
      roleId: await roleId('Helpdesk'),
      organizationScope: 'all',
      ...body,
    },
    cookie ? { cookie } : {},
  );

const activitiesOf = async (action: string) =>
  (await ctx.request('GET', `/activities?action=${action}&pageSize=50`)).json().data as {
    outcome: string;
    targetName: string;
    detail: string | null;
  }[];

describe('roles', () => {
  it('answers GET /user-roles?roleType=END_USER and TECHNICIAN with the built-in roles of that kind', async () => {
    const technician = (await ctx.request('GET', '/user-roles?roleType=TECHNICIAN')).json();
    expect(technician.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['Administrator', 'Technician', 'Helpdesk', 'Read-only']),
    );
    const administrator = technician.find((r: { name: string }) => r.name === 'Administrator');
    expect(administrator).toMatchObject({
      isBuiltIn: true,
      roleType: 'TECHNICIAN',
      organizationScope: 'all',
    });
    expect(administrator.permissions).toEqual([...allPermissions].sort());
    const endUser = (await ctx.request('GET', '/user-roles?roleType=END_USER')).json();
    expect(endUser.map((r: { name: string; roleType: string }) => [r.name, r.roleType])).toEqual([
      ['End user', 'END_USER'],
    ]);
    const technicianRole = builtInRoles.find((r) => r.name === 'Technician')!;
    expect(technicianRole.permissions).not.toContain('users.manage');
    expect(technicianRole.permissions).toContain('jobs.run');
  });

  it('creates, changes and deletes a custom role, each an activity', async () => {
    const created = await ctx.request('POST', '/user-roles', {
      name: 'Night shift',
      description: 'Watches alerts',
      roleType: 'TECHNICIAN',
      permissions: ['devices.view', 'alerts.view'],
      organizationScope: [orgA],
    });
    expect(created.statusCode).toBe(201);
    const role = created.json();
    expect(role).toMatchObject({
      name: 'Night shift',
      organizationScope: [orgA],
      userCount: 0,
      isBuiltIn: false,
    });
    const changed = await ctx.request('PUT', `/user-roles/${role.id}`, {
      name: 'Night shift',
      permissions: ['devices.view'],
      organizationScope: 'all',
    });
    expect(changed.json()).toMatchObject({ permissions: ['devices.view'], organizationScope: 'all' });
    expect((await ctx.request('DELETE', `/user-roles/${role.id}`)).statusCode).toBe(200);
    expect((await ctx.request('GET', `/user-roles/${role.id}`)).statusCode).toBe(404);
    const actions = await Promise.all(['role.create', 'role.update', 'role.delete'].map(activitiesOf));
    for (const list of actions)
      expect(list[0]).toMatchObject({ outcome: 'SUCCESS', targetName: 'Night shift' });
  });

  it('refuses unknown permissions and organizations by name, and writes nothing but the failure', async () => {
    const unknown = await ctx.request('POST', '/user-roles', {
      name: 'Bad',
      roleType: 'TECHNICIAN',
      permissions: ['devices.view', 'devices.fly'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain(userMessages.unknownPermission('devices.fly'));
    const endUserPermission = await ctx.request('POST', '/user-roles', {
      name: 'Bad',
      roleType: 'END_USER',
      permissions: ['devices.view'],
    });
    expect(endUserPermission.statusCode).toBe(400);
    const noOrganization = await ctx.request('POST', '/user-roles', {
      name: 'Bad',
      roleType: 'TECHNICIAN',
      permissions: [],
      organizationScope: [999999],
    });
    expect(noOrganization.statusCode).toBe(400);
    expect(noOrganization.json().error.message).toBe(userMessages.unknownOrganization(999999));
    const names = (await ctx.request('GET', '/user-roles')).json().map((r: { name: string }) => r.name);
    expect(names).not.toContain('Bad');
    expect((await activitiesOf('role.create'))[0]).toMatchObject({ outcome: 'FAILURE' });
  });

  it('keeps built-in roles as shipped and refuses to delete a role someone holds', async () => {
    const helpdesk = await roleId('Helpdesk');
    const change = await ctx.request('PUT', `/user-roles/${helpdesk}`, { name: 'Helpdesk', permissions: [] });
    expect(change.statusCode).toBe(409);
    expect(change.json().error.message).toBe(userMessages.builtInRole);
    expect((await ctx.request('DELETE', `/user-roles/${helpdesk}`)).statusCode).toBe(409);
    const custom = (
      await ctx.request('POST', '/user-roles', {
        name: 'Held',
        roleType: 'TECHNICIAN',
        permissions: ['devices.view'],
      })
    ).json();
    expect((await invite({ roleId: custom.id })).statusCode).toBe(201);
    const held = await ctx.request('DELETE', `/user-roles/${custom.id}`);
    expect(held.statusCode).toBe(409);
    expect(held.json().error.message).toBe(userMessages.roleInUse(1));
  });

  it('lets no one grant a permission or an organization they do not have', async () => {
    const manager = await createUser(ctx, {
      permissions: ['users.view', 'users.manage', 'devices.view'],
      scope: [orgA],
    });
    const wider = await ctx.request(
      'POST',
      '/user-roles',
      { name: 'Wider', roleType: 'TECHNICIAN', permissions: ['devices.view', 'jobs.run'] },
      { cookie: manager.cookie },
    );
    expect(wider.statusCode).toBe(409);
    expect(wider.json().error.message).toBe(userMessages.selfEscalation);
    const allOrganizations = await ctx.request(
      'POST',
      '/user-roles',
      { name: 'Everywhere', roleType: 'TECHNICIAN', permissions: ['devices.view'], organizationScope: 'all' },
      { cookie: manager.cookie },
    );
    expect(allOrganizations.statusCode).toBe(409);
    const narrow = await ctx.request(
      'POST',
      '/user-roles',
      { name: 'Narrow', roleType: 'TECHNICIAN', permissions: ['devices.view'], organizationScope: [orgA] },
      { cookie: manager.cookie },
    );
    expect(narrow.statusCode).toBe(201);
    // Giving someone the Administrator role would give them more than the manager has.
    const administrator = await invite(
      { roleId: await roleId('Administrator'), organizationScope: [orgA] },
      manager.cookie,
    );
    expect(administrator.statusCode).toBe(409);
  });
});

describe('invitations and users', () => {
  it('invites a technician by a one-time link, who sets a password and is signed in', async () => {
    const response = await invite({ organizationScope: [orgA] });
    expect(response.statusCode).toBe(201);
    const { user, link } = response.json();
    expect(user).toMatchObject({
      status: 'INVITED',
      roleName: 'Helpdesk',
      organizationScope: [orgA],
      lastLoginAt: null,
    });
    expect(link.url).toMatch(new RegExp(`^${ORIGIN}/invitation/`));
    const token = tokenOf(link.url);
    const info = await ctx.app.inject({ method: 'GET', url: `/auth/invitation/${token}` });
    expect(info.json()).toMatchObject({ email: user.email, purpose: 'INVITE' });
    // Before the password is set, there is no way in.
    const early = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: ORIGIN },
      payload: { email: user.email, password: 'anything at all 1' },
    });
    expect(early.statusCode).toBe(401);
    const short = await ctx.app.inject({
      method: 'POST',
      url: `/auth/invitation/${token}`,
      headers: { origin: ORIGIN },
      payload: { password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toContain(userMessages.passwordTooShort);
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/auth/invitation/${token}`,
      headers: { origin: ORIGIN },
      payload: { password: 'a long enough password' },
    });
    expect(accepted.statusCode).toBe(200);
    const cookie = accepted.cookies.find((c) => c.name === 'rmm_session')!;
    const me = await ctx.request('GET', '/auth/me', undefined, { cookie: `rmm_session=${cookie.value}` });
    expect(me.json()).toMatchObject({
      user: { email: user.email, roleName: 'Helpdesk', organizationScope: [orgA] },
    });
    expect(me.json().permissions).toContain('scripts.run');
    expect(me.json().permissions).not.toContain('users.view');
    // The link works once.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/auth/invitation/${token}`,
      headers: { origin: ORIGIN },
      payload: { password: 'another long password' },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().error.message).toBe(userMessages.invitationUsed);
    const after = (await ctx.request('GET', `/users/${user.id}`)).json();
    expect(after).toMatchObject({ status: 'ACTIVE', invitationExpiresAt: null });
    expect(after.lastLoginAt).not.toBeNull();
  });

  it('refuses an expired invitation (fake clock), and a new link replaces the old one', async () => {
    const { user, link } = (await invite()).json();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (INVITATION_TTL_HOURS + 1) * 3600_000);
    const expired = await ctx.app.inject({ method: 'GET', url: `/auth/invitation/${tokenOf(link.url)}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toEqual({ code: 'LINK_EXPIRED', message: userMessages.invitationExpired });
    // The administrator's session idled out over those hours (security settings): sign in again.
    ctx.adminCookie = await ctx.login();
    const resent = await ctx.request('POST', `/users/${user.id}/invitation`);
    expect(resent.statusCode).toBe(200);
    vi.useRealTimers();
    const old = await ctx.app.inject({ method: 'GET', url: `/auth/invitation/${tokenOf(link.url)}` });
    expect(old.statusCode).toBe(410);
    const fresh = await ctx.app.inject({
      method: 'GET',
      url: `/auth/invitation/${tokenOf(resent.json().url)}`,
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses an email that is taken, a role of the wrong kind, and an end user without an organization', async () => {
    const taken = await invite({ email: ADMIN.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(userMessages.emailTaken);
    const wrongKind = await invite({ roleId: await roleId('End user', 'END_USER') });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().error.message).toBe(userMessages.unknownRole);
    const noOrganization = await invite({
      userType: 'END_USER',
      roleId: await roleId('End user', 'END_USER'),
    });
    expect(noOrganization.statusCode).toBe(400);
  });

  it('keeps end users within their organization: listed in scope, a foreign one is not found', async () => {
    const endUserRole = await roleId('End user', 'END_USER');
    const inB = (await invite({ userType: 'END_USER', roleId: endUserRole, organizationId: orgB })).json()
      .user;
    expect(inB).toMatchObject({ userType: 'END_USER', organizationId: orgB, organizationScope: [orgB] });
    const viewer = await createUser(ctx, { permissions: ['users.view'], scope: [orgA] });
    const list = await ctx.request('GET', '/users?userType=END_USER', undefined, { cookie: viewer.cookie });
    expect(list.json().data.map((u: { id: number }) => u.id)).not.toContain(inB.id);
    expect(
      (await ctx.request('GET', `/users/${inB.id}`, undefined, { cookie: viewer.cookie })).statusCode,
    ).toBe(404);
    const all = await ctx.request('GET', `/users?userType=END_USER&organizationId=${orgB}`);
    expect(all.json().data.map((u: { id: number }) => u.id)).toContain(inB.id);
  });

  it('disabling a user or changing their role ends their sessions', async () => {
    const tech = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
    const { id } = (await ctx.request('GET', `/users?search=${tech.email}`)).json().data[0];
    expect((await ctx.request('GET', '/auth/me', undefined, { cookie: tech.cookie })).statusCode).toBe(200);
    const changed = await ctx.request('PUT', `/users/${id}`, { roleId: await roleId('Read-only') });
    expect(changed.statusCode).toBe(200);
    expect((await ctx.request('GET', '/auth/me', undefined, { cookie: tech.cookie })).statusCode).toBe(401);
    const second = await ctx.login({ email: tech.email, password: tech.password });
    const me = (await ctx.request('GET', '/auth/me', undefined, { cookie: second })).json();
    expect(me.user.roleName).toBe('Read-only');
    await ctx.request('PUT', `/users/${id}`, { isEnabled: false });
    expect((await ctx.request('GET', '/auth/me', undefined, { cookie: second })).statusCode).toBe(401);
    expect((await ctx.request('GET', `/users/${id}`)).json().status).toBe('DISABLED');
    expect((await activitiesOf('user.update'))[0]).toMatchObject({ detail: 'isEnabled; sessions ended' });
  });

  it('never removes the last administrator, and no one disables themselves', async () => {
    const me = (await ctx.request('GET', '/auth/me')).json().user;
    const self = await ctx.request('PUT', `/users/${me.id}`, { isEnabled: false });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe(userMessages.selfDisable);
    // A second administrator demotes the first (and only other) one: allowed once, then refused.
    const second = (await invite({ roleId: await roleId('Administrator') })).json();
    const password = 'second admin password';
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/auth/invitation/${tokenOf(second.link.url)}`,
      headers: { origin: ORIGIN },
      payload: { password },
    });
    const cookie = `rmm_session=${accepted.cookies.find((c) => c.name === 'rmm_session')!.value}`;
    const demoted = await ctx.request(
      'PUT',
      `/users/${me.id}`,
      { roleId: await roleId('Technician') },
      { cookie },
    );
    expect(demoted.statusCode).toBe(200);
    const last = await ctx.request('DELETE', `/users/${second.user.id}`, undefined, { cookie });
    expect(last.statusCode).toBe(409);
    // Restore: the second administrator gives the first their role back.
    const restored = await ctx.request(
      'PUT',
      `/users/${me.id}`,
      { roleId: await roleId('Administrator') },
      { cookie },
    );
    expect(restored.statusCode).toBe(200);
    ctx.adminCookie = await ctx.login();
    const lastOne = await ctx.request('PUT', `/users/${second.user.id}`, { isEnabled: false });
    expect(lastOne.statusCode).toBe(200);
    const demoteSelf = await ctx.request('PUT', `/users/${me.id}`, { roleId: await roleId('Technician') });
    expect(demoteSelf.statusCode).toBe(409);
  });

  it("resets a user's password: their sessions end and only the new link lets them in", async () => {
    const tech = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
    const { id } = (await ctx.request('GET', `/users?search=${tech.email}`)).json().data[0];
    const reset = await ctx.request('POST', `/users/${id}/password-reset`);
    expect(reset.statusCode).toBe(200);
    expect((await ctx.request('GET', '/auth/me', undefined, { cookie: tech.cookie })).statusCode).toBe(401);
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: ORIGIN },
      payload: { email: tech.email, password: tech.password },
    });
    expect(old.statusCode).toBe(401);
    const info = await ctx.app.inject({
      method: 'GET',
      url: `/auth/invitation/${tokenOf(reset.json().url)}`,
    });
    expect(info.json().purpose).toBe('RESET');
    // Shown as a reset waiting for its new password (not as a new invitation), with the link's expiry.
    const user = (await ctx.request('GET', `/users/${id}`)).json();
    expect(user).toMatchObject({ status: 'RESET', invitationExpiresAt: reset.json().expiresAt });
    const resend = await ctx.request('POST', `/users/${id}/invitation`);
    expect(resend.statusCode).toBe(409);
  });
});

describe('sessions and API tokens', () => {
  it('lists and revokes sessions: oneself or an administrator, not another technician', async () => {
    const tech = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
    const me = (await ctx.request('GET', '/auth/me', undefined, { cookie: tech.cookie })).json().user;
    const sessions = (
      await ctx.request('GET', `/users/${me.id}/sessions`, undefined, { cookie: tech.cookie })
    ).json();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].isCurrent).toBe(true);
    expect(
      (await ctx.request('GET', '/users/1/sessions', undefined, { cookie: tech.cookie })).statusCode,
    ).toBe(403);
    const revoked = await ctx.request('DELETE', `/users/${me.id}/sessions/${sessions[0].id}`);
    expect(revoked.statusCode).toBe(200);
    expect((await ctx.request('GET', '/auth/me', undefined, { cookie: tech.cookie })).statusCode).toBe(401);
    expect((await activitiesOf('user.session.revoke'))[0]).toMatchObject({
      outcome: 'SUCCESS',
      targetName: tech.email,
    });
  });

  it('makes a token shown once and stored hashed, within its own permissions, until revoked', async () => {
    const tech = await createUser(ctx, {
      permissions: ['devices.view', 'organizations.view'],
      scope: [orgA],
    });
    const me = (await ctx.request('GET', '/auth/me', undefined, { cookie: tech.cookie })).json().user;
    const wider = await ctx.request(
      'POST',
      `/users/${me.id}/api-tokens`,
      { name: 'too much', expiresAt: null, permissions: ['devices.view', 'jobs.run'] },
      { cookie: tech.cookie },
    );
    expect(wider.statusCode).toBe(409);
    expect(wider.json().error.message).toBe(userMessages.tokenWiderThanOwner);
    const made = await ctx.request(
      'POST',
      `/users/${me.id}/api-tokens`,
      { name: 'inventory script', expiresAt: null, permissions: ['devices.view'] },
      { cookie: tech.cookie },
    );
    expect(made.statusCode).toBe(201);
    const { token, apiToken } = made.json();
    expect(token).toMatch(/^rmm_/);
    expect(apiToken).toMatchObject({
      name: 'inventory script',
      status: 'ACTIVE',
      permissions: ['devices.view'],
    });
    const listed = (
      await ctx.request('GET', `/users/${me.id}/api-tokens`, undefined, { cookie: tech.cookie })
    ).json();
    expect(JSON.stringify(listed)).not.toContain(token);
    const bearer = (url: string) =>
      ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect((await bearer('/devices')).statusCode).toBe(200);
    // The owner may list organizations; the token may not.
    expect((await bearer('/organizations')).statusCode).toBe(403);
    const tokenMe = (await bearer('/auth/me')).json();
    expect(tokenMe.permissions).toEqual(['devices.view']);
    expect(tokenMe.user.organizationScope).toEqual([orgA]);
    const revoke = await ctx.request('DELETE', `/users/${me.id}/api-tokens/${apiToken.id}`, undefined, {
      cookie: tech.cookie,
    });
    expect(revoke.json().status).toBe('REVOKED');
    expect((await bearer('/devices')).statusCode).toBe(401);
  });

  it('stops a token at its expiry (fake clock) and refuses an expiry in the past', async () => {
    const past = await ctx.request('POST', '/users/1/api-tokens', {
      name: 'past',
      expiresAt: '2020-01-01T00:00:00Z',
      permissions: ['devices.view'],
    });
    expect(past.statusCode).toBe(409);
    expect(past.json().error.message).toBe(userMessages.tokenExpiryPast);
    const expiresAt = new Date(Date.now() + 24 * 3600_000).toISOString();
    const { token, apiToken } = (
      await ctx.request('POST', '/users/1/api-tokens', {
        name: 'a day',
        expiresAt,
        permissions: ['devices.view'],
      })
    ).json();
    const call = () =>
      ctx.app.inject({ method: 'GET', url: '/devices', headers: { authorization: `Bearer ${token}` } });
    expect((await call()).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * 3600_000);
    expect((await call()).statusCode).toBe(401);
    ctx.adminCookie = await ctx.login(); // the administrator's session idled out over the day
    const listed = (await ctx.request('GET', '/users/1/api-tokens')).json();
    expect(listed.find((t: { id: number }) => t.id === apiToken.id).status).toBe('EXPIRED');
  });
});

describe('contacts', () => {
  it('keeps contacts within the organizations in scope', async () => {
    const created = await ctx.request('POST', '/contacts', {
      organizationId: orgB,
      name: 'Pat Doe',
      email: 'pat@customer.example',
      jobTitle: 'Office manager',
    });
    expect(created.statusCode).toBe(201);
    const contact = created.json();
    const viewer = await createUser(ctx, {
      permissions: ['organizations.view', 'organizations.manage'],
      scope: [orgA],
    });
    expect(
      (await ctx.request('GET', `/contacts/${contact.id}`, undefined, { cookie: viewer.cookie })).statusCode,
    ).toBe(404);
    const foreign = await ctx.request(
      'POST',
      '/contacts',
      { organizationId: orgB, name: 'Sneaky' },
      { cookie: viewer.cookie },
    );
    expect(foreign.statusCode).toBe(404);
    const badEmail = await ctx.request('POST', '/contacts', {
      organizationId: orgA,
      name: 'X',
      email: 'not-an-email',
    });
    expect(badEmail.statusCode).toBe(400);
    const listed = (await ctx.request('GET', `/contacts?search=pat`)).json();
    expect(listed.data[0]).toMatchObject({
      name: 'Pat Doe',
      organizationId: orgB,
      jobTitle: 'Office manager',
    });
  });
});
