/**
 * ConnectWise's `conditions` and `childConditions` query language (developer.connectwise.com, "Pagination and
 * conditions"): `field/sub operator value`, strings in double quotes (a quote or backslash inside escaped with a
 * backslash), numbers and `true`/`false`/`null` bare, dates in square brackets, `in (a, b)`, `like` with `%`,
 * joined with `and`/`or` and grouped with parentheses. Values from users only ever enter through `cwValue`.
 */

export type CwScalar = string | number | boolean | null;

export const cwValue = (value: CwScalar): string => {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('A condition value must be a finite number');
    return String(value);
  }
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
};

const FIELD = /^[A-Za-z_][\w]*(\/[A-Za-z_][\w]*)*$/;
const field = (name: string) => {
  if (!FIELD.test(name)) throw new Error(`Not a ConnectWise field: ${name}`);
  return name;
};

export const cwEquals = (name: string, value: CwScalar) => `${field(name)} = ${cwValue(value)}`;
export const cwLike = (name: string, pattern: string) => `${field(name)} like ${cwValue(pattern)}`;
/** `field in ("a", "b")`; an empty list matches nothing, written as a condition that is never true. */
export const cwIn = (name: string, values: readonly CwScalar[]) =>
  values.length === 0 ? 'id = 0' : `${field(name)} in (${values.map(cwValue).join(', ')})`;

/** Parts joined with `and`, each in parentheses when there are several (one may hold an `or`); empty ones left out. */
export const cwAnd = (...parts: (string | undefined | false)[]) => {
  const present = parts.filter((part): part is string => typeof part === 'string' && part !== '');
  return present.length === 1 ? present[0]! : present.map((part) => `(${part})`).join(' and ');
};

/** `like` pattern for "contains": the text's own `%` and `_` are not escaped by ConnectWise, so they are dropped. */
export const cwContainsPattern = (text: string) => `%${text.replace(/[%_]/g, '')}%`;
