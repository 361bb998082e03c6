import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  consoleRoutes,
  helpSuggestions,
  matchConsoleRoute,
  routeExample,
  specHelpRoutePatterns,
} from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { loadConfig } from '../../config.ts';
import { indexHelpArticles } from './index-articles.ts';
import { CLIENT_ERROR_REPORTS_PER_MINUTE } from './routes.ts';

/** A small articles folder of the test's own (the repository's articles are checked further down). */
const article = (fields: { slug: string; title: string; summary: string; routes?: string[] }, body: string) =>
  [
    '---',
    `slug: ${fields.slug}`,
    `title: ${fields.title}`,
    `summary: ${fields.summary}`,
    'routes:',
    ...(fields.routes ?? []).map((route) => `  - ${route}`),
    '---',
    '',
    body,
  ].join('\n');

let dir: string;
let ctx: TestContext;
const write = async (locale: string, slug: string, text: string) => {
  await fs.mkdir(path.join(dir, locale), { recursive: true });
  await fs.writeFile(path.join(dir, locale, `${slug}.md`), text);
};

beforeAll(async () => {
  dir = path.join(os.tmpdir(), `rmm-help-${randomUUID()}`);
  await write(
    'en',
    'enrol-a-device',
    article(
      {
        slug: 'enrol-a-device',
        title: 'How to enrol a device',
        summary: 'Install the agent with a one-line command.',
        routes: ['/administration/library/downloads', '/deviceDashboard/:id/overview'],
      },
      '## Steps\n\n1. Open **Add device**.\n2. Copy the [command](/administration/library/downloads) <script>alert(1)</script> & run it.',
    ),
  );
  await write(
    'en',
    'watch-the-dashboard',
    article(
      {
        slug: 'watch-the-dashboard',
        title: 'Watch the dashboard',
        summary: 'What the tiles say.',
        routes: ['/deviceDashboard/:id/overview'],
      },
      'A new device shows up here after you enrol it; each device tile shows its status. Devices, devices, devices.',
    ),
  );
  await write(
    'de',
    'enrol-a-device',
    article(
      { slug: 'enrol-a-device', title: 'Ein Gerät registrieren', summary: 'Den Agenten installieren.' },
      'Öffnen Sie **Gerät hinzufügen** und führen Sie den Befehl auf dem Gerät aus.',
    ),
  );
  ctx = await createTestApp({ helpArticlesDir: dir });
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const search = (q: string, locale = 'en') =>
  ctx.request('GET', `/help/search?${new URLSearchParams({ q, locale })}`);

describe('help search', () => {
  it('ranks a title match above body matches and highlights the match in an escaped snippet', async () => {
    const response = await search('device');
    expect(response.statusCode).toBe(200);
    const { results } = response.json();
    expect(results.map((r: { slug: string }) => r.slug)).toEqual(['enrol-a-device', 'watch-the-dashboard']);
    expect(results[0].rank).toBeGreaterThan(results[1].rank);
    expect(results[1].snippet).toContain('<mark>device</mark>');
    const copied = (await search('command')).json().results[0];
    expect(copied.snippet).toContain('<mark>command</mark>');
    expect(copied.snippet).not.toContain('<script>');
    expect(copied.snippet).not.toContain('**');
  });

  it('matches the last word as a prefix while it is being typed', async () => {
    expect((await search('enro')).json().results.map((r: { slug: string }) => r.slug)).toContain(
      'enrol-a-device',
    );
  });

  it('answers in the reader’s language and falls back to English', async () => {
    const german = (await search('Gerät', 'de-AT')).json().results;
    expect(german).toMatchObject([{ slug: 'enrol-a-device', locale: 'de', title: 'Ein Gerät registrieren' }]);
    const untranslated = (await search('tiles', 'de')).json().results;
    expect(untranslated).toMatchObject([{ slug: 'watch-the-dashboard', locale: 'en' }]);
    const french = (await search('command', 'fr')).json().results;
    expect(french).toMatchObject([{ slug: 'enrol-a-device', locale: 'en' }]);
    const article = await ctx.request('GET', '/help/articles/enrol-a-device?locale=de');
    expect(article.json()).toMatchObject({ locale: 'de', title: 'Ein Gerät registrieren' });
    const english = await ctx.request('GET', '/help/articles/watch-the-dashboard?locale=de');
    expect(english.json()).toMatchObject({ locale: 'en', routes: ['/deviceDashboard/:id/overview'] });
    expect((await ctx.request('GET', '/help/articles/nothing-here')).statusCode).toBe(404);
  });

  it('suggests articles for a console path as the router matches it', async () => {
    const response = await ctx.request('GET', '/help/suggestions?path=/deviceDashboard/12/overview?x=1');
    expect(response.json().pattern).toBe('/deviceDashboard/:id/overview');
    expect(
      response
        .json()
        .articles.map((a: { slug: string }) => a.slug)
        .sort(),
    ).toEqual(['enrol-a-device', 'watch-the-dashboard']);
    expect((await ctx.request('GET', '/help/suggestions?path=/nowhere/at/all')).json()).toEqual({
      pattern: null,
      articles: [],
    });
  });

  it('indexes again only what changed, and removes deleted articles', async () => {
    await write(
      'en',
      'watch-the-dashboard',
      article(
        { slug: 'watch-the-dashboard', title: 'Watch the dashboard', summary: 'Now about gauges.' },
        'Gauges everywhere.',
      ),
    );
    await fs.rm(path.join(dir, 'de', 'enrol-a-device.md'));
    await write('en', 'broken', 'no front matter');
    const report = await indexHelpArticles({ db: ctx.db, dir });
    expect(report).toMatchObject({ added: 0, updated: 1, removed: 1, unchanged: 1 });
    expect(report.problems).toEqual([expect.stringContaining('en/broken.md')]);
    expect((await search('gauges')).json().results).toMatchObject([{ slug: 'watch-the-dashboard' }]);
    expect((await search('tiles')).json().results).toEqual([]);
    expect((await search('Gerät', 'de')).json().results).toEqual([]);
  });
});

describe('a failed call reported by the console', () => {
  it('is accepted for the log, within a size and a rate limit', async () => {
    const report = { source: 'help.search', message: 'HTTP 500', path: '/deviceSearch', status: 500 };
    expect((await ctx.request('POST', '/help/client-errors', report)).statusCode).toBe(202);
    const large = await ctx.request('POST', '/help/client-errors', { ...report, message: 'x'.repeat(9000) });
    expect(large.statusCode).toBe(413);
    const bad = await ctx.request('POST', '/help/client-errors', { ...report, source: '<script>' });
    expect(bad.statusCode).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_ERROR_REPORTS_PER_MINUTE; i++)
      statuses.push((await ctx.request('POST', '/help/client-errors', report)).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("the repository's articles (docs/help, the default folder)", () => {
  let shipped: TestContext;
  beforeAll(async () => {
    shipped = await createTestApp({ helpArticlesDir: loadConfig({}).helpArticlesDir });
  });
  afterAll(() => shipped?.close());

  it('suggests articles on every route pattern of spec §2, in the order of the domain table', async () => {
    const failures: string[] = [];
    for (const pattern of specHelpRoutePatterns) {
      const route = consoleRoutes.find((r) => r.path === pattern)!;
      const path = routeExample(route).replace('/1/', '/12/');
      expect(matchConsoleRoute(path)?.pattern).toBe(pattern);
      const answer = (
        await shipped.request('GET', `/help/suggestions?path=${encodeURIComponent(path)}`)
      ).json();
      const slugs = answer.articles.map((a: { slug: string }) => a.slug);
      if (answer.pattern !== pattern || slugs.join() !== helpSuggestions[pattern]!.join())
        failures.push(`${path}: ${answer.pattern} ${slugs.join()}`);
    }
    expect(failures).toEqual([]);
  });

  it('finds the enrolment article first for "enrol a device", in German too', async () => {
    const english = (await shipped.request('GET', '/help/search?q=enrol%20a%20device')).json().results;
    expect(english[0]).toMatchObject({ slug: 'enrol-a-device', locale: 'en' });
    expect(english[0].snippet).toMatch(/<mark>[^<]+<\/mark>/);
    const german = (
      await shipped.request('GET', '/help/search?q=Ger%C3%A4t%20registrieren&locale=de')
    ).json();
    expect(german.results[0]).toMatchObject({ slug: 'enrol-a-device', locale: 'de' });
    const article = (await shipped.request('GET', '/help/articles/scheduled-tasks?locale=de')).json();
    expect(article).toMatchObject({ locale: 'en', title: 'Schedule a task' });
  });
});
