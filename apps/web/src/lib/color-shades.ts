/** Ten shades of one colour for Mantine's palette: index 6 is the colour itself (Mantine's primary shade). */
export type ColorShades = [string, string, string, string, string, string, string, string, string, string];

const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const toHex = (values: number[]) =>
  `#${values
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
const mix = (from: number[], to: number, amount: number) => from.map((v) => v + (to - v) * amount);

/** Lighter shades mix the colour with white (0 lightest), darker ones with black (9 darkest). */
export const colorShades = (hex: string): ColorShades => {
  const base = channels(hex);
  const lighter = [0.9, 0.78, 0.62, 0.46, 0.3, 0.15].map((amount) => toHex(mix(base, 255, amount)));
  const darker = [0.15, 0.3, 0.45].map((amount) => toHex(mix(base, 0, amount)));
  return [...lighter, toHex(base), ...darker] as ColorShades;
};
