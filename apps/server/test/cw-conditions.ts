/**
 * ConnectWise's `conditions` language, parsed as the local ConnectWise server (fake-connectwise.ts) evaluates
 * it, from the documentation ("Pagination and conditions"): comparisons `field op value` with `=`, `!=`, `<`,
 * `<=`, `>`, `>=`, `contains`, `like` (`%` any run of characters), `not like`, `in (...)`, `not in (...)`;
 * values are double-quoted strings (backslash escapes), numbers, `true`, `false`, `null` and `[dates]`; fields
 * are paths (`status/name`); `and` binds tighter than `or`; parentheses group. Text compares without regard to
 * case (as ConnectWise's database does). A path through a list (`types/name`, in childConditions) matches
 * when any element matches.
 */

type Value = string | number | boolean | null;
type Token =
  | { kind: 'open' | 'close' | 'comma' }
  | { kind: 'word'; text: string }
  | { kind: 'op'; text: string }
  | { kind: 'value'; value: Value; isDate?: boolean };

export class ConditionsError extends Error {}

const tokenize = (source: string): Token[] => {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    if (/\s/.test(char)) {
      i++;
    } else if (char === '(' || char === ')' || char === ',') {
      tokens.push({ kind: char === '(' ? 'open' : char === ')' ? 'close' : 'comma' });
      i++;
    } else if (char === '"') {
      let text = '';
      i++;
      for (;;) {
        if (i >= source.length) throw new ConditionsError('Unterminated string');
        const c = source[i]!;
        if (c === '\\' && i + 1 < source.length) {
          text += source[i + 1];
          i += 2;
        } else if (c === '"') {
          i++;
          break;
        } else {
          text += c;
          i++;
        }
      }
      tokens.push({ kind: 'value', value: text });
    } else if (char === '[') {
      const end = source.indexOf(']', i);
      if (end < 0) throw new ConditionsError('Unterminated date');
      tokens.push({ kind: 'value', value: source.slice(i + 1, end), isDate: true });
      i = end + 1;
    } else if (/[=!<>]/.test(char)) {
      const two = source.slice(i, i + 2);
      const op = ['!=', '<=', '>=', '<>'].includes(two) ? two : char;
      if (op === '!') throw new ConditionsError(`Unexpected "!" at ${i}`);
      tokens.push({ kind: 'op', text: op === '<>' ? '!=' : op });
      i += op.length;
    } else if (/[-\d.]/.test(char)) {
      const match = /^-?\d+(\.\d+)?/.exec(source.slice(i));
      if (!match) throw new ConditionsError(`Unexpected "${char}" at ${i}`);
      tokens.push({ kind: 'value', value: Number(match[0]) });
      i += match[0].length;
    } else if (/[A-Za-z_]/.test(char)) {
      const match = /^[A-Za-z_][\w]*(\/[A-Za-z_][\w]*)*/.exec(source.slice(i))!;
      const word = match[0];
      const lower = word.toLowerCase();
      if (lower === 'true' || lower === 'false') tokens.push({ kind: 'value', value: lower === 'true' });
      else if (lower === 'null') tokens.push({ kind: 'value', value: null });
      else tokens.push({ kind: 'word', text: word });
      i += word.length;
    } else {
      throw new ConditionsError(`Unexpected "${char}" at ${i}`);
    }
  }
  return tokens;
};

export type Predicate = (record: unknown) => boolean;

/** The values at a path: several when it passes through a list. */
const valuesAt = (record: unknown, path: string[]): unknown[] => {
  if (path.length === 0) return [record];
  if (Array.isArray(record)) return record.flatMap((item) => valuesAt(item, path));
  if (record === null || typeof record !== 'object') return [undefined];
  const [head, ...rest] = path;
  const key = Object.keys(record).find((k) => k.toLowerCase() === head!.toLowerCase());
  return valuesAt(key === undefined ? undefined : (record as Record<string, unknown>)[key], rest);
};

const normal = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);
const isEqual = (actual: unknown, expected: Value) =>
  expected === null ? actual === null || actual === undefined : normal(actual) === normal(expected);
const compare = (actual: unknown, expected: Value): number | undefined => {
  if (actual === null || actual === undefined || expected === null) return undefined;
  if (typeof actual === 'number' && typeof expected === 'number') return actual - expected;
  const a = String(actual).toLowerCase();
  const b = String(expected).toLowerCase();
  return a < b ? -1 : a > b ? 1 : 0;
};
const likeRegex = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('%')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    'is',
  );

const test = (op: string, actual: unknown, expected: Value | Value[]): boolean => {
  if (Array.isArray(expected)) return expected.some((value) => isEqual(actual, value));
  switch (op) {
    case '=':
      return isEqual(actual, expected);
    case '!=':
      return !isEqual(actual, expected);
    case 'contains':
      return typeof actual === 'string' && actual.toLowerCase().includes(String(expected).toLowerCase());
    case 'like':
      return typeof actual === 'string' && likeRegex(String(expected)).test(actual);
    default: {
      const order = compare(actual, expected);
      if (order === undefined) return false;
      return op === '<' ? order < 0 : op === '<=' ? order <= 0 : op === '>' ? order > 0 : order >= 0;
    }
  }
};

export const parseConditions = (source: string): Predicate => {
  const tokens = tokenize(source);
  let position = 0;
  const peek = () => tokens[position];
  const isWord = (token: Token | undefined, text: string): boolean =>
    token?.kind === 'word' && token.text.toLowerCase() === text;
  const expectValue = (): Value => {
    const token = tokens[position++];
    if (token?.kind !== 'value') throw new ConditionsError(`Expected a value at token ${position}`);
    return token.value;
  };

  const comparison = (): Predicate => {
    const fieldToken = tokens[position++];
    if (fieldToken?.kind !== 'word') throw new ConditionsError(`Expected a field at token ${position}`);
    const path = fieldToken.text.split('/');
    let negate = false;
    if (isWord(peek(), 'not')) {
      negate = true;
      position++;
    }
    const opToken = tokens[position++];
    let op: string;
    if (opToken?.kind === 'op' && !negate) op = opToken.text;
    else if (opToken?.kind === 'word' && ['in', 'like', 'contains'].includes(opToken.text.toLowerCase()))
      op = opToken.text.toLowerCase();
    else throw new ConditionsError(`Expected an operator after ${fieldToken.text}`);
    let expected: Value | Value[];
    if (op === 'in') {
      if (tokens[position++]?.kind !== 'open') throw new ConditionsError('Expected "(" after in');
      const list: Value[] = [expectValue()];
      while (peek()?.kind === 'comma') {
        position++;
        list.push(expectValue());
      }
      if (tokens[position++]?.kind !== 'close') throw new ConditionsError('Expected ")" to close in');
      expected = list;
    } else {
      expected = expectValue();
    }
    return (record) => {
      const matched = valuesAt(record, path).some((actual) => test(op, actual, expected));
      return negate ? !matched : matched;
    };
  };

  const primary = (): Predicate => {
    if (peek()?.kind === 'open') {
      position++;
      const inner = or();
      if (tokens[position++]?.kind !== 'close') throw new ConditionsError('Expected ")"');
      return inner;
    }
    return comparison();
  };
  const and = (): Predicate => {
    let left = primary();
    while (isWord(peek(), 'and')) {
      position++;
      const a = left;
      const b = primary();
      left = (record) => a(record) && b(record);
    }
    return left;
  };
  const or = (): Predicate => {
    let left = and();
    while (isWord(peek(), 'or')) {
      position++;
      const a = left;
      const b = and();
      left = (record) => a(record) || b(record);
    }
    return left;
  };

  if (tokens.length === 0) return () => true;
  const predicate = or();
  if (position < tokens.length) throw new ConditionsError(`Unexpected text after token ${position}`);
  return predicate;
};
