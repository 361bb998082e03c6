/**
 * The help panel's views (spec §2 "Help menu", §4): a stack whose top is shown. Opening a view pushes it,
 * Back pops to the one below; the default view is always at the bottom. Pure: the panel keeps the stack in state.
 */
export type HelpView =
  | { kind: 'default' }
  | { kind: 'results' }
  | { kind: 'article'; slug: string }
  | { kind: 'ticket' };

export type HelpViewStack = readonly HelpView[];

export const initialHelpViewStack: HelpViewStack = [{ kind: 'default' }];

const isSameView = (a: HelpView, b: HelpView) =>
  a.kind === b.kind && (a.kind !== 'article' || (b.kind === 'article' && a.slug === b.slug));

/** The view shown. */
export const currentHelpView = (stack: HelpViewStack): HelpView => stack.at(-1) ?? { kind: 'default' };

/** Opens `view` above the current one (opening the view already shown changes nothing). */
export const pushHelpView = (stack: HelpViewStack, view: HelpView): HelpViewStack =>
  isSameView(currentHelpView(stack), view) ? stack : [...stack, view];

/** Back: the previous view; the default view stays when it is the only one. */
export const popHelpView = (stack: HelpViewStack): HelpViewStack =>
  stack.length > 1 ? stack.slice(0, -1) : initialHelpViewStack;

export const canGoBack = (stack: HelpViewStack) => stack.length > 1;

/**
 * Typing in the search box shows the article list: from the list itself nothing changes; from any other view
 * the list is opened above it, or, when the list is already below (typing while reading a result), the stack
 * goes back to it so Back never walks through two lists.
 */
export const showHelpResults = (stack: HelpViewStack): HelpViewStack => {
  const index = stack.findIndex((view) => view.kind === 'results');
  return index === -1 ? [...stack, { kind: 'results' }] : stack.slice(0, index + 1);
};
