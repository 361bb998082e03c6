import { credentialMessages } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganizationInput,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts';
import { credentials } from '../../db/schema.ts';
import { decryptSecret } from '../../lib/crypto.ts';

let ctx: TestContext;
let orgA: number;
let orgB: number;
const SECRET = 'S3cret pass; rm -rf /';
beforeAll(async () => {
  ctx = await createTestApp();
  orgA = (await ctx.request('POST', '/organizations', createOrganizationInput())).json().id;
  orgB = (await ctx.request('POST', '/organizations', createOrganizationInput())).json().id;
});
afterAll(() => ctx?.close());

const create = (organizationId: number, body: Record<string, unknown>, cookie?: string) =>
  ctx.request(
    'POST',
    `/credential/organization/${organizationId}`,
    { name: 'Admin', kind: 'LINUX', username: 'root', password: SECRET, ...body },
    cookie ? { cookie } : {},
  );

describe('organization credentials', () => {
  it('lists them as spec §7 says, stores the password encrypted, and never answers it', async () => {
    const made = await create(orgA, { name: 'Linux root', preferred: true });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      name: 'Linux root',
      kind: 'LINUX',
      preferred: true,
      hasPassword: true,
    });
    const list = await ctx.request('GET', `/credential/organization/${orgA}/list`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ resultCode: 'SUCCESS', credentials: [{ name: 'Linux root' }] });
    expect(list.body).not.toContain(SECRET);
    expect(made.body).not.toContain(SECRET);
    const [row] = await ctx.db.select().from(credentials).where(eq(credentials.id, made.json().id));
    expect(row!.passwordEncrypted).toMatch(/^v1\./);
    expect(row!.passwordEncrypted).not.toContain('S3cret');
    expect(decryptSecret(Buffer.alloc(32, 7), row!.passwordEncrypted)).toBe(SECRET);
    const activities = (await ctx.request('GET', '/activities?action=credential.create')).body;
    expect(activities).toContain('Linux root');
    expect(activities).not.toContain(SECRET);
  });

  it('keeps one preferred credential per kind, and the password unless a new one is sent', async () => {
    const first = (
      await create(orgA, { name: 'Local admin 1', kind: 'WINDOWS_LOCAL_ADMIN', preferred: true })
    ).json();
    const second = (
      await create(orgA, { name: 'Local admin 2', kind: 'WINDOWS_LOCAL_ADMIN', preferred: true })
    ).json();
    const list = (await ctx.request('GET', `/credential/organization/${orgA}/list`)).json().credentials;
    const byId = (id: number) => list.find((c: { id: number }) => c.id === id);
    expect(byId(first.id).preferred).toBe(false);
    expect(byId(second.id).preferred).toBe(true);
    const [before] = await ctx.db.select().from(credentials).where(eq(credentials.id, second.id));
    const renamed = await ctx.request('PUT', `/credential/${second.id}`, {
      name: 'Local admin',
      kind: 'WINDOWS_LOCAL_ADMIN',
      username: 'administrator',
      preferred: true,
    });
    expect(renamed.json()).toMatchObject({ name: 'Local admin', username: 'administrator' });
    const [after] = await ctx.db.select().from(credentials).where(eq(credentials.id, second.id));
    expect(after!.passwordEncrypted).toBe(before!.passwordEncrypted);
  });

  it('refuses bad input, and another organization answers as a missing one', async () => {
    const noPassword = await create(orgA, { password: undefined });
    expect(noPassword.statusCode).toBe(400);
    const noDomain = await create(orgA, { kind: 'WINDOWS_DOMAIN_ADMIN' });
    expect(noDomain.statusCode).toBe(400);
    expect(noDomain.json().error.message).toContain(credentialMessages.domainRequired);
    const theirs = (await create(orgB, { name: 'Theirs' })).json();
    const scoped = await createUser(ctx, {
      permissions: ['credentials.view', 'credentials.manage'],
      scope: [orgA],
    });
    expect(
      (
        await ctx.request('GET', `/credential/organization/${orgB}/list`, undefined, {
          cookie: scoped.cookie,
        })
      ).statusCode,
    ).toBe(404);
    expect((await create(orgB, {}, scoped.cookie)).statusCode).toBe(404);
    expect(
      (await ctx.request('DELETE', `/credential/${theirs.id}`, undefined, { cookie: scoped.cookie }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.request('GET', '/credential/organization/999999/list')).statusCode).toBe(404);
    const viewer = await createUser(ctx, { permissions: ['credentials.view'], scope: 'all' });
    expect((await create(orgA, {}, viewer.cookie)).statusCode).toBe(403);
  });

  it('deletes a credential, as an activity', async () => {
    const made = (await create(orgA, { name: 'Temporary' })).json();
    expect((await ctx.request('DELETE', `/credential/${made.id}`)).statusCode).toBe(200);
    const list = (await ctx.request('GET', `/credential/organization/${orgA}/list`)).json().credentials;
    expect(list.map((c: { id: number }) => c.id)).not.toContain(made.id);
    expect((await ctx.request('GET', '/activities?action=credential.delete')).body).toContain('Temporary');
  });
});
