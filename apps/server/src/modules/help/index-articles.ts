import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type HelpLanguage, helpLanguages, parseHelpArticleFile } from '@rmm/domain';
import type { Db } from '../../db/database.ts';
import { markdownToPlainText } from './plain-text.ts';
import * as repository from './repository.ts';

/** Raised when the indexer itself changes how it reads a file: every article is written again. */
const INDEXER_VERSION = '1';

/** The text search configuration of each help language (PostgreSQL's snowball stemmers; `simple` otherwise). */
export const textSearchConfigOf: Readonly<Record<HelpLanguage, string>> = {
  en: 'english',
  de: 'german',
  fr: 'french',
  es: 'spanish',
  it: 'italian',
  nl: 'dutch',
  pt: 'portuguese',
  pl: 'simple',
  ja: 'simple',
  zh: 'simple',
};

export type IndexReport = {
  added: number;
  updated: number;
  removed: number;
  unchanged: number;
  /** Files that could not be read as articles: `locale/file: reason` (skipped, logged). */
  problems: string[];
};

type Log = {
  warn: (object: object, message: string) => void;
  info: (object: object, message: string) => void;
};

const hashOf = (text: string) => createHash('sha256').update(`${INDEXER_VERSION}\n${text}`).digest('hex');

/** The articles of the folder, and the keys (`locale/slug`) of files that could not be read, whose stored copy stays. */
const readArticles = async (dir: string, problems: string[]) => {
  const articles: repository.IndexedArticle[] = [];
  const unreadable = new Set<string>();
  for (const locale of helpLanguages) {
    const folder = path.join(dir, locale);
    const names = await fs.readdir(folder).catch(() => [] as string[]);
    const slugs = new Set<string>();
    for (const name of names.filter((n) => n.endsWith('.md')).sort()) {
      const sourcePath = `${locale}/${name}`;
      try {
        const text = await fs.readFile(path.join(folder, name), 'utf8');
        const file = parseHelpArticleFile(text);
        if (`${file.slug}.md` !== name) throw new Error(`the slug ${file.slug} differs from the file name`);
        if (slugs.has(file.slug)) throw new Error(`a second article ${file.slug}`);
        slugs.add(file.slug);
        articles.push({
          ...file,
          locale,
          plainText: markdownToPlainText(file.body),
          tsConfig: textSearchConfigOf[locale],
          contentHash: hashOf(text),
          sourcePath,
        });
      } catch (error) {
        problems.push(`${sourcePath}: ${(error as Error).message}`);
        unreadable.add(`${locale}/${name.replace(/\.md$/, '')}`);
      }
    }
  }
  return { articles, unreadable };
};

/**
 * Brings the database's articles in line with the folder: new and changed files are written, deleted ones
 * removed, unchanged ones left alone. One transaction under an advisory lock, so several server processes
 * starting together on one PostgreSQL do it one after another. A file that is not a valid article is
 * skipped and reported (its stored copy, if any, stays); a missing folder removes nothing (an installation without the docs keeps its index).
 */
export const indexHelpArticles = async ({ db, dir, log }: { db: Db; dir: string; log?: Log }) => {
  const report: IndexReport = { added: 0, updated: 0, removed: 0, unchanged: 0, problems: [] };
  const exists = await fs.stat(dir).then(
    (stat) => stat.isDirectory(),
    () => false,
  );
  if (!exists) {
    log?.warn({ dir }, 'help articles folder not found; the help index is left as it is');
    return report;
  }
  const { articles, unreadable } = await readArticles(dir, report.problems);
  await db.transaction(async (tx) => {
    await repository.lockIndex(tx);
    const stored = new Map(
      (await repository.listHashes(tx)).map((row) => [`${row.locale}/${row.slug}`, row.contentHash]),
    );
    const seen = new Set<string>();
    for (const article of articles) {
      const key = `${article.locale}/${article.slug}`;
      seen.add(key);
      const hash = stored.get(key);
      if (hash === article.contentHash) {
        report.unchanged++;
        continue;
      }
      await repository.upsertArticle(tx, article);
      if (hash === undefined) report.added++;
      else report.updated++;
    }
    const gone = [...stored.keys()].filter((key) => !seen.has(key) && !unreadable.has(key));
    for (const key of gone) {
      const [locale, slug] = key.split('/') as [string, string];
      await repository.deleteArticle(tx, locale, slug);
    }
    report.removed = gone.length;
  });
  for (const problem of report.problems) log?.warn({ problem }, 'help article skipped');
  if (report.added + report.updated + report.removed > 0)
    log?.info({ ...report, problems: report.problems.length }, 'help articles indexed');
  return report;
};
