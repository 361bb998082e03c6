import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { DEMO_ORGANIZATION, demoEnrollmentToken } from './service.ts';

let ctx: TestContext;
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-demo-'));
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

describe('the demo seed of npm start', () => {
  it('creates the demo organization with a location and a live enrolment token on the first start', async () => {
    const token = await demoEnrollmentToken({ db: ctx.db, stateDir });
    expect(token).toMatch(/\S{20,}/);
    const orgs = (await ctx.request('GET', '/organizations')).json();
    expect(orgs.data.map((o: { name: string }) => o.name)).toEqual([DEMO_ORGANIZATION]);
    expect(orgs.data[0].locations.map((l: { name: string }) => l.name)).toEqual(['Main office']);
    const tokens = (await ctx.request('GET', '/enrollment-tokens')).json();
    expect(tokens.data[0]).toMatchObject({ organizationId: orgs.data[0].id, status: 'ACTIVE' });
  });

  it('reuses the demo organization on a later start instead of creating another', async () => {
    await demoEnrollmentToken({ db: ctx.db, stateDir });
    const orgs = (await ctx.request('GET', '/organizations')).json();
    expect(orgs.count).toBe(1);
  });

  it('needs no token once the agent holds an identity', async () => {
    fs.writeFileSync(path.join(stateDir, 'identity.json'), '{}');
    expect(await demoEnrollmentToken({ db: ctx.db, stateDir })).toBeUndefined();
  });

  it('leaves a deleted demo deleted', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-demo-'));
    const [demo] = (await ctx.request('GET', '/organizations')).json().data;
    await ctx.request('POST', '/organizations', { name: 'Real customer' });
    expect((await ctx.request('DELETE', `/organizations/${demo.id}`)).statusCode).toBe(200);
    expect(await demoEnrollmentToken({ db: ctx.db, stateDir: other })).toBeUndefined();
  });
});
