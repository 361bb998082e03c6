import * as repository from './repository.ts';

/** Full-text query and snippet helpers shared by the help articles and the knowledge base. */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The snippet as the API answers it: escaped text, the matches between `<mark>` and `</mark>`. */
export const markSnippet = (raw: string) =>
  escapeHtml(raw).replaceAll(repository.MARK_START, '<mark>').replaceAll(repository.MARK_END, '</mark>');

/**
 * The last word of the reader's text also matches as a prefix ("enro" finds "enrol"), so results appear
 * while a word is still being typed. Not for a negated word, a word inside an open quote, or "or".
 */
export const textQueryOf = (q: string): repository.TextQuery => {
  const found = /^(.*?)(?:^|\s)([\p{L}\p{N}]+)$/u.exec(q);
  if (!found) return { websearch: q };
  const [, head = '', last = ''] = found;
  const isOpenQuote = (head.match(/"/g)?.length ?? 0) % 2 === 1;
  if (isOpenQuote || last.toLowerCase() === 'or') return { websearch: q };
  return { head, prefix: last };
};
