import { randomUUID } from 'node:crypto';
import type { Script, ScriptSummary } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';
import { createLibraryScript, createScriptInput } from './test-fixtures.ts';
import { registerScriptUsageCheck } from './usage.ts';

/** The script library through its API: scripts, versions, templates, who may do what. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

type Activity = { action: string; targetName: string | null; detail: string | null; outcome: string };
const activitiesOf = async (action: string) =>
  ((await ctx.request('GET', `/activities?action=${action}&pageSize=100`)).json().data as Activity[]).filter(
    (a) => a.outcome === 'SUCCESS',
  );

describe('saving scripts', () => {
  it('creates a script (201) as version 1 with defaults, readable by id, with an activity', async () => {
    const input = createScriptInput({
      parameters: [{ name: 'path', label: 'Folder', type: 'TEXT', defaultValue: '/var/log' }],
    });
    const response = await ctx.request('POST', '/scripts', input);
    expect(response.statusCode, response.body).toBe(201);
    const script = response.json().script as Script;
    expect(script).toMatchObject({
      name: input.name,
      description: 'A test script',
      category: 'DIAGNOSTICS',
      language: 'sh',
      operatingSystems: ['LINUX', 'MAC'],
      version: 1,
      parameterCount: 1,
      templateId: null,
      code: input.code,
      parameters: [
        {
          name: 'path',
          label: 'Folder',
          description: '',
          type: 'TEXT',
          required: false,
          defaultValue: '/var/log',
          options: [],
        },
      ],
      defaultRunAs: 'SYSTEM',
      timeoutSeconds: 3600,
      updatedBy: 'Administrator',
    });
    expect((await ctx.request('GET', `/scripts/${script.id}`)).json().script).toEqual(script);
    expect((await activitiesOf('script.create')).find((a) => a.targetName === input.name)?.detail).toBe(
      'Shell (sh), version 1',
    );
  });

  it('refuses a name taken whatever its case (409), a cmd script for Linux and a bad default (400)', async () => {
    const first = await createLibraryScript(ctx);
    const again = await ctx.request(
      'POST',
      '/scripts',
      createScriptInput({ name: first.name.toUpperCase() }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'SCRIPT_NAME_TAKEN',
      message: 'A script with this name already exists.',
    });
    const cmd = await ctx.request(
      'POST',
      '/scripts',
      createScriptInput({ language: 'cmd', operatingSystems: ['WINDOWS', 'LINUX'] }),
    );
    expect(cmd.statusCode).toBe(400);
    expect(cmd.body).toContain('Batch (cmd) scripts run only on Windows.');
    const badDefault = await ctx.request(
      'POST',
      '/scripts',
      createScriptInput({ parameters: [{ name: 'n', label: 'Count', type: 'INTEGER', defaultValue: 'x' }] }),
    );
    expect(badDefault.statusCode).toBe(400);
    expect(badDefault.body).toContain('Count: must be a whole number.');
  });

  it('adds a version when what runs changes; name, description, category and OS alone keep it', async () => {
    const script = await createLibraryScript(ctx, { code: 'echo 1' });
    const save = async (changes: Record<string, unknown>) => {
      const response = await ctx.request('PUT', `/scripts/${script.id}`, {
        ...createScriptInput({ name: script.name, code: 'echo 1' }),
        ...changes,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().script as Script;
    };

    const renamed = await save({ name: `${script.name} renamed`, description: 'new', category: 'NETWORK' });
    expect(renamed).toMatchObject({ version: 1, description: 'new', category: 'NETWORK' });
    expect((await save({ name: renamed.name, operatingSystems: ['LINUX'] })).version).toBe(1);
    const edited = await save({ name: renamed.name, code: 'echo 2', versionNote: 'second line' });
    expect(edited).toMatchObject({ version: 2, code: 'echo 2' });
    // The same parameters sent again (keys in another order) are no change.
    const parameters = [{ type: 'INTEGER', name: 'n', defaultValue: '5' }];
    expect((await save({ name: renamed.name, code: 'echo 2', parameters })).version).toBe(3);
    expect((await save({ name: renamed.name, code: 'echo 2', parameters })).version).toBe(3);
    expect((await save({ name: renamed.name, code: 'echo 2', parameters, timeoutSeconds: 60 })).version).toBe(
      4,
    );
    expect(
      (
        await save({
          name: renamed.name,
          code: 'echo 2',
          parameters,
          timeoutSeconds: 60,
          defaultRunAs: { user: 'ops' },
        })
      ).version,
    ).toBe(5);
    expect(
      (
        await save({
          name: renamed.name,
          code: 'echo 2',
          parameters,
          timeoutSeconds: 60,
          defaultRunAs: { user: 'ops' },
          language: 'bash',
        })
      ).version,
    ).toBe(6);

    const versions = (await ctx.request('GET', `/scripts/${script.id}/versions`)).json().versions;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(versions[4]).toMatchObject({ version: 2, note: 'second line', createdBy: 'Administrator' });
    const first = (await ctx.request('GET', `/scripts/${script.id}/versions/1`)).json().version;
    expect(first).toMatchObject({
      scriptId: script.id,
      version: 1,
      language: 'sh',
      code: 'echo 1',
      parameters: [],
    });
    const missing = await ctx.request('GET', `/scripts/${script.id}/versions/99`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('SCRIPT_VERSION_NOT_FOUND');
    const details = (await activitiesOf('script.update'))
      .filter((a) => a.targetName === renamed.name)
      .map((a) => a.detail);
    expect(details).toContain('details changed (version 1 kept)');
    expect(details).toContain('version 6');
  });

  it("refuses another script's name on save and answers 404 for a script that is not there", async () => {
    const [a, b] = [await createLibraryScript(ctx), await createLibraryScript(ctx)];
    const taken = await ctx.request(
      'PUT',
      `/scripts/${b.id}`,
      createScriptInput({ name: a.name.toLowerCase() }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('SCRIPT_NAME_TAKEN');
    for (const [method, url] of [
      ['GET', '/scripts/2000000'],
      ['PUT', '/scripts/2000000'],
      ['DELETE', '/scripts/2000000'],
      ['GET', '/scripts/2000000/versions'],
    ] as const) {
      const response = await ctx.request(method, url, method === 'PUT' ? createScriptInput() : undefined);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('SCRIPT_NOT_FOUND');
    }
  });
});

describe('listing scripts', () => {
  it('filters by search, category, language and operating system, pages, and sorts by name', async () => {
    const tag = randomUUID().slice(0, 8);
    await createLibraryScript(ctx, { name: `${tag} b-python`, language: 'python', category: 'NETWORK' });
    await createLibraryScript(ctx, {
      name: `${tag} a-windows`,
      language: 'powershell',
      operatingSystems: ['WINDOWS'],
      category: 'SECURITY',
    });
    await createLibraryScript(ctx, {
      name: `Other ${tag}`,
      description: `finds ${tag} too`,
      category: 'NETWORK',
    });
    const list = async (query: string) => {
      const response = await ctx.request('GET', `/scripts?search=${tag}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as {
        data: ScriptSummary[];
        count: number;
        page: number;
        pageSize: number;
      };
      return { ...body, names: body.data.map((s) => s.name) };
    };

    expect((await list('')).names).toEqual([`${tag} a-windows`, `${tag} b-python`, `Other ${tag}`]);
    expect((await list('&category=NETWORK')).names).toEqual([`${tag} b-python`, `Other ${tag}`]);
    expect((await list('&language=python')).names).toEqual([`${tag} b-python`]);
    expect((await list('&operatingSystem=WINDOWS')).names).toEqual([`${tag} a-windows`]);
    expect((await list('&operatingSystem=MAC')).names).toEqual([`${tag} b-python`, `Other ${tag}`]);
    const page = await list('&page=2&pageSize=2');
    expect(page).toMatchObject({ count: 3, page: 2, pageSize: 2, names: [`Other ${tag}`] });
    expect(page.data[0]).not.toHaveProperty('code');
    expect((await ctx.request('GET', '/scripts?language=cobol')).statusCode).toBe(400);
  });
});

describe('deleting scripts', () => {
  it('deletes a script with its versions; one a feature uses is refused with SCRIPT_IN_USE', async () => {
    const used = await createLibraryScript(ctx);
    const free = await createLibraryScript(ctx);
    const unregister = registerScriptUsageCheck(async ({ scriptId }) => scriptId === used.id);
    onTestFinished(unregister);

    const refused = await ctx.request('DELETE', `/scripts/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'SCRIPT_IN_USE',
      message: 'The script is used by scheduled tasks; remove it from them first.',
    });
    expect((await ctx.request('GET', `/scripts/${used.id}`)).statusCode).toBe(200);

    const deleted = await ctx.request('DELETE', `/scripts/${free.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await ctx.request('GET', `/scripts/${free.id}`)).statusCode).toBe(404);
    expect((await ctx.request('GET', `/scripts/${free.id}/versions/1`)).statusCode).toBe(404);
    expect((await activitiesOf('script.delete')).map((a) => a.targetName)).toContain(free.name);
    // The name is free again.
    expect((await ctx.request('POST', '/scripts', createScriptInput({ name: free.name }))).statusCode).toBe(
      201,
    );
  });
});

describe('templates', () => {
  it('lists the read-only templates and answers one by id; an unknown id is TEMPLATE_NOT_FOUND', async () => {
    const { templates } = (await ctx.request('GET', '/scripts/templates')).json();
    expect(templates.length).toBeGreaterThanOrEqual(1);
    const first = (await ctx.request('GET', `/scripts/templates/${templates[0].id}`)).json().template;
    expect(first).toEqual(templates[0]);
    expect(first.code.length).toBeGreaterThan(0);
    const missing = await ctx.request('GET', '/scripts/templates/99999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual({
      code: 'TEMPLATE_NOT_FOUND',
      message: 'There is no such template script.',
    });
  });

  it('copies a template into a new script: its name, then "Name (2)"; a name given that is taken is 409', async () => {
    const template = (await ctx.request('GET', '/scripts/templates/1')).json().template;
    const copy = async (body: Record<string, unknown> = {}) =>
      ctx.request('POST', '/scripts/templates/1/copy', body);

    const first = await copy();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().script).toMatchObject({
      name: template.name,
      templateId: 1,
      version: 1,
      code: template.code,
      parameters: template.parameters,
      language: template.language,
      operatingSystems: template.operatingSystems,
    });
    expect((await copy()).json().script.name).toBe(`${template.name} (2)`);
    expect((await copy()).json().script.name).toBe(`${template.name} (3)`);
    const named = await copy({ name: 'My clean-up' });
    expect(named.json().script.name).toBe('My clean-up');
    const taken = await copy({ name: 'my CLEAN-UP' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('SCRIPT_NAME_TAKEN');
    expect((await ctx.request('POST', '/scripts/templates/99999/copy', {})).statusCode).toBe(404);
    const versions = (await ctx.request('GET', `/scripts/${first.json().script.id}/versions`)).json()
      .versions;
    expect(versions[0].note).toBe(`Copied from the template "${template.name}"`);
  });
});

describe('permissions', () => {
  it('scripts.view reads the library; scripts.manage changes it', async () => {
    const script = await createLibraryScript(ctx);
    const viewer = await createUser(ctx, { permissions: ['scripts.view', 'scripts.run'], scope: 'all' });
    const none = await createUser(ctx, { permissions: ['jobs.run'], scope: 'all' });
    const as = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      ctx.request(method, url, body, { cookie });

    for (const url of [
      '/scripts',
      `/scripts/${script.id}`,
      `/scripts/${script.id}/versions`,
      '/scripts/templates',
    ]) {
      expect((await as(viewer.cookie, 'GET', url)).statusCode, url).toBe(200);
      expect((await as(none.cookie, 'GET', url)).statusCode, url).toBe(403);
    }
    expect((await as(viewer.cookie, 'POST', '/scripts', createScriptInput())).statusCode).toBe(403);
    expect((await as(viewer.cookie, 'PUT', `/scripts/${script.id}`, createScriptInput())).statusCode).toBe(
      403,
    );
    expect((await as(viewer.cookie, 'DELETE', `/scripts/${script.id}`)).statusCode).toBe(403);
    expect((await as(viewer.cookie, 'POST', '/scripts/templates/1/copy', {})).statusCode).toBe(403);
  });
});
