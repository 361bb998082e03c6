/**
 * Exact decimal arithmetic for billing (issue 21): amounts and quantities travel as decimal strings
 * ("120.00", "1.2500") and are computed as bigint units at a fixed scale, never as floats.
 * Rounding is half-up, away from zero (0.005 → 0.01, -0.005 → -0.01).
 */

/** Decimal places of an amount of money. */
export const MONEY_SCALE = 2;
/** Decimal places of a quantity (hours of labour: 10 minutes is 0.1667 h). */
export const QUANTITY_SCALE = 4;

const DECIMAL = /^-?\d+(\.\d+)?$/;

export const isDecimalText = (text: string): boolean => DECIMAL.test(text);

/** The decimal as units of 10^-scale; more places than `scale` are rounded half-up. */
export const toUnits = (text: string, scale: number): bigint => {
  if (!DECIMAL.test(text)) throw new RangeError(`Not a decimal: ${text}`);
  const isNegative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const exact = BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
  const extra = fraction.length - scale;
  const units = extra > 0 ? divideHalfUp(BigInt(`${whole}${fraction}`), 10n ** BigInt(extra)) : exact;
  return isNegative ? -units : units;
};

/** Units of 10^-scale written as a decimal with exactly `scale` places ("1.50", "-0.07"). */
export const formatUnits = (units: bigint, scale: number): string => {
  const isNegative = units < 0n;
  const digits = (isNegative ? -units : units).toString().padStart(scale + 1, '0');
  const body = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return isNegative ? `-${body}` : body;
};

/** a / b rounded half-up away from zero (b > 0). */
export const divideHalfUp = (a: bigint, b: bigint): bigint => {
  if (b <= 0n) throw new RangeError('The divisor must be positive');
  const magnitude = a < 0n ? -a : a;
  const rounded = (magnitude * 2n + b) / (2n * b);
  return a < 0n ? -rounded : rounded;
};

/** Re-scales units, rounding half-up when places are dropped. */
export const rescale = (units: bigint, fromScale: number, toScale: number): bigint =>
  toScale >= fromScale
    ? units * 10n ** BigInt(toScale - fromScale)
    : divideHalfUp(units, 10n ** BigInt(fromScale - toScale));

/** The decimal rounded half-up to `scale` places ("2.345" → "2.35" at 2). */
export const roundDecimal = (text: string, scale: number): string => formatUnits(toUnits(text, scale), scale);

const placesOf = (text: string) => text.split('.')[1]?.length ?? 0;

/** a × b, exact, then rounded half-up to `scale` places: a line's quantity × unit price. */
export const multiplyDecimals = (a: string, b: string, scale: number = MONEY_SCALE): string => {
  const aScale = placesOf(a);
  const bScale = placesOf(b);
  const product = toUnits(a, aScale) * toUnits(b, bScale);
  return formatUnits(rescale(product, aScale + bScale, scale), scale);
};

/** The sum of decimals at `scale` places (each is exact at that scale or rounded first). */
export const sumDecimals = (values: readonly string[], scale: number = MONEY_SCALE): string =>
  formatUnits(
    values.reduce((sum, value) => sum + toUnits(value, scale), 0n),
    scale,
  );

/** a − b at `scale` places. */
export const subtractDecimals = (a: string, b: string, scale: number = MONEY_SCALE): string =>
  formatUnits(toUnits(a, scale) - toUnits(b, scale), scale);

/** -1, 0 or 1. */
export const compareDecimals = (a: string, b: string): number => {
  const scale = Math.max(placesOf(a), placesOf(b));
  const x = toUnits(a, scale);
  const y = toUnits(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
};

export const minDecimal = (a: string, b: string): string => (compareDecimals(a, b) <= 0 ? a : b);
