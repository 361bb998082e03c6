/** The field's text with `inserted` in place of the selection, as a paste would leave it. */
export const replaceSelection = (input: HTMLInputElement, text: string, inserted: string): string =>
  `${text.slice(0, input.selectionStart ?? text.length)}${inserted}${text.slice(input.selectionEnd ?? text.length)}`;
