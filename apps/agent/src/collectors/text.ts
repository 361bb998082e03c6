/** Agent strings are sent as they are, only cut to the lengths the protocol accepts. */
export const clip = (value: unknown, max = 500): string =>
  typeof value === 'string'
    ? value.slice(0, max)
    : value === undefined || value === null
      ? ''
      : String(value).slice(0, max);

export const nonNegative = (value: unknown): number => {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : 0;
};

export const percent = (value: number): number => Math.round(Math.min(100, Math.max(0, value)) * 100) / 100;
