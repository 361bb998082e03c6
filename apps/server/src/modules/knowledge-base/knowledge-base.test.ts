import { randomUUID } from 'node:crypto';
import { knowledgeBaseMessages } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganizationInput,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts';

let ctx: TestContext;
let orgA: number;
let orgB: number;
/** Reads and writes the knowledge base, sees organization A only. */
let scopedWriter: string;
/** Reads it (every organization) without writing. */
let reader: string;
/** Neither reads nor writes it. */
let outsider: string;

const unique = () => randomUUID().slice(0, 8);
const newOrganization = async () =>
  (await ctx.request('POST', '/organizations', createOrganizationInput())).json().id as number;

/** An article written by the administrator, unique per call. */
const createArticle = async (overrides: Record<string, unknown> = {}) => {
  const response = await ctx.request('POST', '/knowledge-base/articles', {
    title: `Article ${unique()}`,
    body: 'Some text.',
    ...overrides,
  });
  expect(response.statusCode).toBe(201);
  return response.json().article as { id: number; title: string; organizationIds: number[] };
};

const list = (query: Record<string, string | number>, cookie?: string) =>
  ctx.request(
    'GET',
    `/knowledge-base/articles?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    undefined,
    { cookie },
  );

beforeAll(async () => {
  ctx = await createTestApp();
  orgA = await newOrganization();
  orgB = await newOrganization();
  scopedWriter = (
    await createUser(ctx, { permissions: ['knowledgeBase.view', 'knowledgeBase.manage'], scope: [orgA] })
  ).cookie;
  reader = (await createUser(ctx, { permissions: ['knowledgeBase.view'], scope: 'all' })).cookie;
  outsider = (await createUser(ctx, { permissions: ['devices.view'], scope: 'all' })).cookie;
});
afterAll(() => ctx?.close());

describe('knowledge-base articles', () => {
  it('creates, reads, updates and deletes an article, and records each change', async () => {
    const folder = (
      await ctx.request('POST', '/knowledge-base/folders', { name: `Runbooks ${unique()}` })
    ).json().folder;
    const created = await ctx.request('POST', '/knowledge-base/articles', {
      title: '  Reset the VPN  ',
      body: '# Steps\n\nRestart the **VPN** client.',
      folderId: folder.id,
      organizationIds: [orgA, orgA],
    });
    expect(created.statusCode).toBe(201);
    const article = created.json().article;
    expect(article).toMatchObject({
      title: 'Reset the VPN',
      body: '# Steps\n\nRestart the **VPN** client.',
      folderId: folder.id,
      organizationIds: [orgA],
      language: 'en',
      createdBy: expect.any(String),
    });

    const read = await ctx.request('GET', `/knowledge-base/articles/${article.id}`);
    expect(read.json().article).toEqual(article);

    const updated = await ctx.request('PUT', `/knowledge-base/articles/${article.id}`, {
      title: 'Reset the VPN client',
      body: 'Changed.',
      folderId: null,
      organizationIds: [],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().article).toMatchObject({
      title: 'Reset the VPN client',
      body: 'Changed.',
      folderId: null,
      organizationIds: [],
    });

    expect((await ctx.request('DELETE', `/knowledge-base/articles/${article.id}`)).statusCode).toBe(200);
    const gone = await ctx.request('GET', `/knowledge-base/articles/${article.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toEqual({
      code: 'KB_ARTICLE_NOT_FOUND',
      message: knowledgeBaseMessages.KB_ARTICLE_NOT_FOUND,
    });

    const activities = (
      await ctx.request('GET', `/activities?targetType=knowledgeBaseArticle&targetId=${article.id}`)
    ).json().data;
    expect(activities.map((a: { action: string }) => a.action)).toEqual([
      'knowledgeBase.article.delete',
      'knowledgeBase.article.update',
      'knowledgeBase.article.create',
    ]);
    expect(activities[2].detail).toBe(`organizations ${orgA}`);
  });

  it('refuses an invalid article with the field named, and an unknown folder or organization', async () => {
    const empty = await ctx.request('POST', '/knowledge-base/articles', { title: '   ', body: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('VALIDATION_FAILED');
    expect(empty.json().error.message).toContain('title');
    const long = await ctx.request('POST', '/knowledge-base/articles', { title: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    const folder = await ctx.request('POST', '/knowledge-base/articles', {
      title: 'T',
      folderId: 2147483647,
    });
    expect(folder.statusCode).toBe(404);
    expect(folder.json().error.code).toBe('KB_FOLDER_NOT_FOUND');
    const organization = await ctx.request('POST', '/knowledge-base/articles', {
      title: 'T',
      organizationIds: [2147483647],
    });
    expect(organization.statusCode).toBe(404);
    expect(organization.json().error.code).toBe('KB_ORGANIZATION_NOT_FOUND');
  });

  it('needs knowledgeBase.view to read and knowledgeBase.manage to write', async () => {
    expect((await list({}, outsider)).statusCode).toBe(403);
    expect((await list({}, reader)).statusCode).toBe(200);
    const write = await ctx.request('POST', '/knowledge-base/articles', { title: 'No' }, { cookie: reader });
    expect(write.statusCode).toBe(403);
  });
});

describe('organization scope', () => {
  it('hides an article attached only to another organization: 404 to read, absent from lists and search', async () => {
    const word = `zebrafish${unique().replace(/\d/g, '')}`;
    const foreign = await createArticle({ title: `Foreign ${word}`, organizationIds: [orgB] });
    const own = await createArticle({ title: `Own ${word}`, organizationIds: [orgA] });
    const shared = await createArticle({ title: `Shared ${word}`, organizationIds: [orgA, orgB] });
    const mspWide = await createArticle({ title: `Everyone ${word}` });

    const read = await ctx.request('GET', `/knowledge-base/articles/${foreign.id}`, undefined, {
      cookie: scopedWriter,
    });
    expect(read.statusCode).toBe(404);
    const put = await ctx.request(
      'PUT',
      `/knowledge-base/articles/${foreign.id}`,
      { title: 'Taken over' },
      { cookie: scopedWriter },
    );
    expect(put.statusCode).toBe(404);
    const del = await ctx.request('DELETE', `/knowledge-base/articles/${foreign.id}`, undefined, {
      cookie: scopedWriter,
    });
    expect(del.statusCode).toBe(404);

    const found = (await list({ q: word }, scopedWriter)).json();
    expect(found.data.map((a: { id: number }) => a.id).sort()).toEqual(
      [own.id, shared.id, mspWide.id].sort(),
    );
    // Only the organizations of the caller's scope are shown.
    expect(found.data.find((a: { id: number }) => a.id === shared.id).organizationIds).toEqual([orgA]);
    expect((await list({ q: word })).json().count).toBe(4);
    expect((await list({ organizationId: orgB }, scopedWriter)).statusCode).toBe(404);
    const attachForeign = await ctx.request(
      'POST',
      '/knowledge-base/articles',
      { title: 'Mine', organizationIds: [orgB] },
      { cookie: scopedWriter },
    );
    expect(attachForeign.statusCode).toBe(404);
  });

  it('keeps the organizations a scoped technician cannot see when they save the article', async () => {
    const shared = await createArticle({ organizationIds: [orgA, orgB] });
    const saved = await ctx.request(
      'PUT',
      `/knowledge-base/articles/${shared.id}`,
      { title: 'Edited by A', organizationIds: [] },
      { cookie: scopedWriter },
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().article.organizationIds).toEqual([]);
    const asAdmin = (await ctx.request('GET', `/knowledge-base/articles/${shared.id}`)).json().article;
    expect(asAdmin).toMatchObject({ title: 'Edited by A', organizationIds: [orgB] });
    // Now attached to B alone: the technician of A no longer sees it.
    const after = await ctx.request('GET', `/knowledge-base/articles/${shared.id}`, undefined, {
      cookie: scopedWriter,
    });
    expect(after.statusCode).toBe(404);
  });

  it('lists per organization and per folder, paged by title', async () => {
    const org = await newOrganization();
    const folder = (
      await ctx.request('POST', '/knowledge-base/folders', { name: `Paged ${unique()}` })
    ).json().folder;
    for (const title of ['Charlie', 'alpha', 'Bravo'])
      await createArticle({ title, organizationIds: [org], folderId: folder.id });
    await createArticle({ title: 'Elsewhere', folderId: folder.id });
    const first = (await list({ organizationId: org, pageSize: 2 })).json();
    expect(first).toMatchObject({ count: 3, page: 1, pageSize: 2 });
    expect(first.data.map((a: { title: string }) => a.title)).toEqual(['alpha', 'Bravo']);
    const second = (await list({ organizationId: org, pageSize: 2, page: 2 })).json();
    expect(second.data.map((a: { title: string }) => a.title)).toEqual(['Charlie']);
    const inFolder = (await list({ folderId: folder.id })).json();
    expect(inFolder.data.map((a: { title: string }) => a.title)).toEqual([
      'alpha',
      'Bravo',
      'Charlie',
      'Elsewhere',
    ]);
    const folders = (
      await ctx.request('GET', '/knowledge-base/folders', undefined, { cookie: scopedWriter })
    ).json().folders;
    // The technician of A sees only the MSP-wide one of the four.
    expect(folders.find((f: { id: number }) => f.id === folder.id).articleCount).toBe(1);
  });
});

describe('knowledge-base search', () => {
  it('ranks a title match above body matches and highlights matches in an escaped snippet', async () => {
    const word = `quokka${unique().replace(/\d/g, '')}`;
    const inBody = await createArticle({
      title: 'Printer notes',
      body: `## Printers\n\nWhen the ${word} driver fails, reinstall it. <script>alert(1)</script> & done.`,
    });
    const inTitle = await createArticle({ title: `The ${word} driver`, body: 'Install the driver.' });
    const answer = (await list({ q: word })).json();
    expect(answer.data.map((a: { id: number }) => a.id)).toEqual([inTitle.id, inBody.id]);
    expect(answer.data[0].rank).toBeGreaterThan(answer.data[1].rank);
    const snippet: string = answer.data[1].snippet;
    expect(snippet).toContain(`<mark>${word}</mark>`);
    expect(snippet).not.toContain('<script>');
    expect(snippet).not.toContain('##');
    // Stemming (English), and the last word as a prefix while it is typed.
    expect((await list({ q: 'reinstalling' })).json().data.map((a: { id: number }) => a.id)).toContain(
      inBody.id,
    );
    expect((await list({ q: word.slice(0, -2) })).json().count).toBe(2);
  });

  it('is part of the help search, marked as the knowledge base, for those who may read it', async () => {
    const word = `narwhal${unique().replace(/\d/g, '')}`;
    const article = await createArticle({ title: `Onboarding ${word}`, organizationIds: [orgA] });
    const foreign = await createArticle({ title: `Offboarding ${word}`, organizationIds: [orgB] });
    const results = (await ctx.request('GET', `/help/search?q=${word}`)).json().results;
    expect(results).toContainEqual(
      expect.objectContaining({
        source: 'knowledgeBase',
        knowledgeBaseArticleId: article.id,
        title: `Onboarding ${word}`,
        slug: `knowledge-base-${article.id}`,
        path: `/systemDashboard/knowledgeBase?article=${article.id}`,
      }),
    );
    const scoped = (
      await ctx.request('GET', `/help/search?q=${word}`, undefined, { cookie: scopedWriter })
    ).json().results;
    expect(scoped.map((r: { knowledgeBaseArticleId?: number }) => r.knowledgeBaseArticleId)).toEqual([
      article.id,
    ]);
    expect(scoped).not.toContainEqual(expect.objectContaining({ knowledgeBaseArticleId: foreign.id }));
    const none = (await ctx.request('GET', `/help/search?q=${word}`, undefined, { cookie: outsider })).json();
    expect(none.results).toEqual([]);
  });

  it('suggests the articles attached to an organization on its dashboard', async () => {
    const org = await newOrganization();
    const older = await createArticle({ title: 'Older', organizationIds: [org] });
    const newer = await createArticle({ title: 'Newer', organizationIds: [org] });
    await createArticle({ title: 'Not attached' });
    const answer = (
      await ctx.request('GET', `/help/suggestions?path=/customerDashboard/${org}/overview`)
    ).json();
    expect(answer.pattern).toBe('/customerDashboard/:id/overview');
    expect(answer.knowledgeBase).toEqual([
      expect.objectContaining({
        id: newer.id,
        title: 'Newer',
        path: `/customerDashboard/${org}/documentation?article=${newer.id}`,
      }),
      expect.objectContaining({ id: older.id, title: 'Older' }),
    ]);
    const outOfScope = (
      await ctx.request('GET', `/help/suggestions?path=/customerDashboard/${org}/overview`, undefined, {
        cookie: scopedWriter,
      })
    ).json();
    expect(outOfScope.knowledgeBase).toEqual([]);
    const elsewhere = (await ctx.request('GET', '/help/suggestions?path=/deviceDashboard/1/overview')).json();
    expect(elsewhere.knowledgeBase).toBeUndefined();
  });
});

describe('knowledge-base folders', () => {
  it('nests folders, refuses a cycle, a taken name and deleting one with content', async () => {
    const post = (body: object) => ctx.request('POST', '/knowledge-base/folders', body);
    const top = (await post({ name: `Top ${unique()}` })).json().folder;
    const child = (await post({ name: 'Child', parentId: top.id })).json().folder;
    expect(child).toMatchObject({ name: 'Child', parentId: top.id, articleCount: 0 });
    const taken = await post({ name: 'child', parentId: top.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('KB_FOLDER_NAME_TAKEN');
    const cycle = await ctx.request('PUT', `/knowledge-base/folders/${top.id}`, {
      name: top.name,
      parentId: child.id,
    });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().error.code).toBe('KB_FOLDER_CYCLE');
    const notEmpty = await ctx.request('DELETE', `/knowledge-base/folders/${top.id}`);
    expect(notEmpty.statusCode).toBe(409);
    expect(notEmpty.json().error.message).toBe(knowledgeBaseMessages.KB_FOLDER_NOT_EMPTY);
    const renamed = await ctx.request('PUT', `/knowledge-base/folders/${child.id}`, {
      name: 'Renamed',
      parentId: null,
    });
    expect(renamed.json().folder).toMatchObject({ name: 'Renamed', parentId: null });
    expect((await ctx.request('DELETE', `/knowledge-base/folders/${top.id}`)).statusCode).toBe(200);
    const folders = (await ctx.request('GET', '/knowledge-base/folders')).json().folders;
    expect(folders.map((f: { id: number }) => f.id)).not.toContain(top.id);
  });

  it('refuses folders nested deeper than five', async () => {
    let parentId: number | null = null;
    for (let depth = 1; depth <= 5; depth++) {
      const response = await ctx.request('POST', '/knowledge-base/folders', {
        name: `D${depth} ${unique()}`,
        parentId,
      });
      expect(response.statusCode).toBe(201);
      parentId = response.json().folder.id;
    }
    const tooDeep = await ctx.request('POST', '/knowledge-base/folders', { name: 'D6', parentId });
    expect(tooDeep.statusCode).toBe(422);
    expect(tooDeep.json().error.code).toBe('KB_FOLDER_TOO_DEEP');
  });
});
