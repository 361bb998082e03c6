import { HELP_SLUG_PATTERN } from './help.ts';

/**
 * A help article file (`docs/help/<locale>/<slug>.md`): front matter between `---` lines, then the Markdown
 * body. The front matter is a small YAML subset: `key: value` lines (the value may be quoted) and `routes`
 * as a list, either `[a, b]` or `- a` lines. Read by the server's indexer and the domain's tests alike.
 *
 * ```
 * ---
 * slug: enrol-a-device
 * title: How to enrol a device
 * summary: Install the agent with a one-line command and see the device appear.
 * routes:
 *   - /administration/library/downloads
 * ---
 * ```
 */
export type HelpArticleFile = {
  slug: string;
  title: string;
  summary: string;
  routes: string[];
  body: string;
};

const unquote = (value: string) => {
  const text = value.trim();
  const quote = text[0];
  if (text.length >= 2 && (quote === '"' || quote === "'") && text.endsWith(quote)) return text.slice(1, -1);
  return text;
};

export const parseHelpArticleFile = (text: string): HelpArticleFile => {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') throw new Error('the file does not start with front matter (---)');
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
  if (end < 0) throw new Error('the front matter has no closing ---');
  const fields: Record<string, string> = {};
  const routes: string[] = [];
  let listKey: string | undefined;
  for (const line of lines.slice(1, end)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const item = /^\s+-\s+(.*)$/.exec(line);
    if (item) {
      if (listKey !== 'routes') throw new Error(`a list item outside "routes": ${line}`);
      routes.push(unquote(item[1]!));
      continue;
    }
    const field = /^([A-Za-z]+):\s*(.*)$/.exec(line);
    if (!field) throw new Error(`not a front matter line: ${line}`);
    const [, key, value] = field as unknown as [string, string, string];
    listKey = key;
    if (key === 'routes') {
      const inline = /^\[(.*)\]$/.exec(value.trim());
      if (inline) routes.push(...(inline[1] ?? '').split(',').map(unquote).filter(Boolean));
      else if (value.trim() !== '') throw new Error('routes must be a list');
      continue;
    }
    fields[key] = unquote(value);
  }
  const { slug, title, summary } = fields;
  if (!slug || !HELP_SLUG_PATTERN.test(slug)) throw new Error(`a missing or malformed slug: ${slug}`);
  if (!title) throw new Error('a missing title');
  if (!summary) throw new Error('a missing summary');
  for (const route of routes)
    if (!route.startsWith('/')) throw new Error(`a route pattern must start with /: ${route}`);
  return {
    slug,
    title,
    summary,
    routes,
    body: lines
      .slice(end + 1)
      .join('\n')
      .trim(),
  };
};
