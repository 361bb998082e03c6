/**
 * Include and exclude rules as glob patterns. A pattern without "/" matches a name at any depth ("*.tmp",
 * "node_modules"); a pattern with "/" matches the path from the start ("/home/*\/Downloads"). "*" matches
 * within one name, "**" across folders, "?" one character, "[...]" a class. A folder that matches covers
 * everything below it.
 */
export type PathFilter = {
  /** False when the path (absolute, "/"-separated) is excluded; an excluded folder is not entered. */
  isExcluded(path: string): boolean;
  /** With include rules, true when a file or link at `path` is included (itself or a folder above it matches). */
  isIncluded(path: string): boolean;
  readonly hasIncludes: boolean;
};

const globToRegExp = (pattern: string): RegExp => {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') {
      if (pattern[i + 1] === '*') {
        i++;
        if (pattern[i + 1] === '/') {
          i++;
          source += '(?:.*/)?';
        } else source += '.*';
      } else source += '[^/]*';
    } else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const close = pattern.indexOf(']', i + 2);
      if (close < 0) source += '\\[';
      else {
        const body = pattern
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        source += `[${body}]`;
        i = close;
      }
    } else source += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'su');
};

type Rule = { regexp: RegExp; anchored: boolean };

const compile = (pattern: string): Rule => {
  const normalized = pattern.replace(/\\/g, '/').replace(/\/+$/, '');
  const anchored = normalized.includes('/');
  return {
    regexp: globToRegExp(anchored && !normalized.startsWith('/') ? `**/${normalized}` : normalized),
    anchored,
  };
};

const matches = (rule: Rule, path: string): boolean => {
  if (!rule.anchored) return rule.regexp.test(path.slice(path.lastIndexOf('/') + 1));
  return rule.regexp.test(path);
};

/** True when the rule matches `path` or one of the folders above it. */
const matchesSelfOrAncestor = (rule: Rule, path: string): boolean => {
  for (let end = path.length; end > 0; end = path.lastIndexOf('/', end - 1)) {
    if (matches(rule, path.slice(0, end))) return true;
  }
  return false;
};

export const createFilter = (
  rules: { include?: readonly string[]; exclude?: readonly string[] } = {},
): PathFilter => {
  const includes = (rules.include ?? []).filter(Boolean).map(compile);
  const excludes = (rules.exclude ?? []).filter(Boolean).map(compile);
  return {
    hasIncludes: includes.length > 0,
    isExcluded: (path) => excludes.some((rule) => matches(rule, path)),
    isIncluded: (path) => includes.length === 0 || includes.some((rule) => matchesSelfOrAncestor(rule, path)),
  };
};
