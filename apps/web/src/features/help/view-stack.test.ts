import { describe, expect, it } from 'vitest';
import {
  canGoBack,
  currentHelpView,
  initialHelpViewStack,
  popHelpView,
  pushHelpView,
  showHelpResults,
} from './view-stack.ts';

describe('the help panel view stack', () => {
  it('starts on the default view with nothing to go back to', () => {
    expect(currentHelpView(initialHelpViewStack)).toEqual({ kind: 'default' });
    expect(canGoBack(initialHelpViewStack)).toBe(false);
  });

  it('pushes opened views and pops back through them in order', () => {
    const results = showHelpResults(initialHelpViewStack);
    const article = pushHelpView(results, { kind: 'article', slug: 'backup' });
    expect(currentHelpView(article)).toEqual({ kind: 'article', slug: 'backup' });
    expect(canGoBack(article)).toBe(true);
    const back = popHelpView(article);
    expect(currentHelpView(back)).toEqual({ kind: 'results' });
    expect(currentHelpView(popHelpView(back))).toEqual({ kind: 'default' });
  });

  it('keeps the default view when Back is pressed on it', () => {
    expect(popHelpView(initialHelpViewStack)).toEqual([{ kind: 'default' }]);
  });

  it('does not push the view that is already shown, but does push another article', () => {
    const article = pushHelpView(initialHelpViewStack, { kind: 'article', slug: 'backup' });
    expect(pushHelpView(article, { kind: 'article', slug: 'backup' })).toBe(article);
    const linked = pushHelpView(article, { kind: 'article', slug: 'os-patching' });
    expect(linked).toHaveLength(3);
    expect(currentHelpView(popHelpView(linked))).toEqual({ kind: 'article', slug: 'backup' });
  });

  it('switches to the article list when typing, once', () => {
    const ticket = pushHelpView(initialHelpViewStack, { kind: 'ticket' });
    const results = showHelpResults(ticket);
    expect(results.map((view) => view.kind)).toEqual(['default', 'ticket', 'results']);
    expect(showHelpResults(results)).toEqual(results);
  });

  it('returns to the article list below when typing while reading a result', () => {
    const reading = pushHelpView(showHelpResults(initialHelpViewStack), { kind: 'article', slug: 'backup' });
    expect(showHelpResults(reading).map((view) => view.kind)).toEqual(['default', 'results']);
  });
});
