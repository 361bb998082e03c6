/**
 * Which console route a path shows, decided as the console's router (React Router 7) decides it: `:name`
 * is one non-empty segment, `:name?` an optional one, a trailing `*` the rest of the path (or nothing),
 * case-insensitive, trailing slashes ignored; when several patterns match, the most specific wins
 * (React Router's score: static segment 10, parameter 3, splat −2), then the earlier one in the table.
 * Plain data and functions (no schema library): the console's first load may import it.
 */
import { type ConsoleRoute, consoleRoutes } from './routes.ts';

export type RouteMatch = {
  route: ConsoleRoute;
  /** The route's pattern as written in the route table. */
  pattern: string;
  params: Record<string, string>;
};

type Compiled = { matcher: RegExp; names: string[]; score: number };

const escapeRegExp = (text: string) => text.replace(/[\\.*+^${}|()[\]]/g, '\\$&');

/** `/a/:id?/b` is two patterns, `/a/:id/b` and `/a/b` (React Router's explodeOptionalSegments). */
export const explodeOptionalSegments = (pattern: string): string[] => {
  const segments = pattern.split('/');
  const results: string[][] = [[]];
  for (const segment of segments) {
    const isOptional = segment.endsWith('?');
    const required = segment.replace(/\?$/, '');
    const next: string[][] = [];
    for (const prefix of results) {
      next.push([...prefix, required]);
      if (isOptional) next.push(prefix);
    }
    results.splice(0, results.length, ...next);
  }
  return results.map((parts) => parts.join('/') || '/');
};

const isParam = (segment: string) => /^:[\w-]+$/.test(segment);

/** React Router's computeScore for a pattern without optional segments. */
export const routeScore = (pattern: string): number => {
  const segments = pattern.split('/');
  const initial = segments.length + (segments.includes('*') ? -2 : 0);
  return segments
    .filter((segment) => segment !== '*')
    .reduce((score, segment) => score + (isParam(segment) ? 3 : segment === '' ? 1 : 10), initial);
};

const compile = (pattern: string): Compiled => {
  const names: string[] = [];
  let source = `^${escapeRegExp(pattern.replace(/\/*\*?$/, '').replace(/^\/*/, '/')).replace(
    /\/:([\w-]+)/g,
    (_match, name: string) => {
      names.push(name);
      return '/([^\\/]+)';
    },
  )}`;
  if (pattern.endsWith('*')) {
    names.push('*');
    source += pattern === '*' || pattern === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else {
    source += '\\/*$';
  }
  return { matcher: new RegExp(source, 'i'), names, score: routeScore(pattern) };
};

const cache = new Map<string, Compiled[]>();
const compiledOf = (pattern: string): Compiled[] => {
  let compiled = cache.get(pattern);
  if (!compiled) {
    compiled = explodeOptionalSegments(pattern).map(compile);
    cache.set(pattern, compiled);
  }
  return compiled;
};

/** The path part of a console address: no query, no hash, percent-decoding as the router does. */
const pathOf = (path: string): string => {
  const bare = path.split(/[?#]/)[0] ?? '';
  try {
    return bare
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return bare;
  }
};

const matchCompiled = (compiled: Compiled, path: string): Record<string, string> | undefined => {
  const found = compiled.matcher.exec(path);
  if (!found) return undefined;
  const params: Record<string, string> = {};
  compiled.names.forEach((name, index) => {
    const value = found[index + 1];
    if (value !== undefined) params[name] = value;
    else if (name === '*') params[name] = '';
  });
  return params;
};

/** The parameters when `path` matches `pattern` as the router matches it, else undefined. */
export const matchRoutePattern = (pattern: string, path: string): Record<string, string> | undefined => {
  const bare = pathOf(path);
  for (const compiled of compiledOf(pattern)) {
    const params = matchCompiled(compiled, bare);
    if (params) return params;
  }
  return undefined;
};

/** The route of the table the console shows at `path` (the router's choice), or undefined. */
export const matchConsoleRoute = (
  path: string,
  routes: readonly ConsoleRoute[] = consoleRoutes,
): RouteMatch | undefined => {
  const bare = pathOf(path);
  let best: (RouteMatch & { score: number }) | undefined;
  for (const route of routes) {
    for (const compiled of compiledOf(route.path)) {
      if (best && compiled.score <= best.score) continue;
      const params = matchCompiled(compiled, bare);
      if (params) best = { route, pattern: route.path, params, score: compiled.score };
    }
  }
  if (!best) return undefined;
  const { score: _score, ...match } = best;
  return match;
};
