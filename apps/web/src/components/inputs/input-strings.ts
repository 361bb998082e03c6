/** The console strings these inputs add, for the English catalog (i18n/en.ts) to take in. */
export const inputStrings = {
  'inputs.refreshInterval.manual': 'Manual',
} as const;

export type InputStringKey = keyof typeof inputStrings;
