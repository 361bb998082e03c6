import { act, screen, within } from '@testing-library/react';
import { EditorView } from '@uiw/react-codemirror';
import { beforeAll } from 'vitest';

/**
 * CodeMirror measures text through Range rectangles, which jsdom lacks: every test of the calling file
 * gets empty ones. Call it at the top of a test file that shows a code editor.
 */
export const withCodeMirror = () =>
  beforeAll(() => {
    const empty = () => ({ x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0 });
    Range.prototype.getClientRects ??= () =>
      Object.assign([], { item: () => null }) as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect ??= () => ({ ...empty(), toJSON: empty }) as DOMRect;
  });

/** The code editor labelled `name` (inside `container` when given). */
export const findCodeEditor = (name: string, container?: HTMLElement) =>
  (container ? within(container) : screen).findByRole('textbox', { name });

/** Replaces the code of the editor labelled `name` as typing would (CodeMirror reads no DOM typing in jsdom). */
export const typeCode = async (text: string, name = 'Code') => {
  const view = EditorView.findFromDOM(await findCodeEditor(name))!;
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
};
