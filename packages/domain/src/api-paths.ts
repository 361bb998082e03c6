// API paths as plain data (no schema library), for the console's first load and the server alike.

/** The console's realtime channel (WebSocket). */
export const EVENTS_PATH = '/events';

/**
 * The first path segment of every API path: what the server answers itself (never with the console's
 * index.html) and what the console's dev server proxies to it. The spec's reserved roots are listed
 * before their areas exist, so an unknown API path is a JSON 404 and not a page.
 */
export const API_ROOTS = [
  '/activities',
  '/agent',
  '/auth',
  '/backup',
  '/client',
  '/credential',
  '/dashboard',
  '/devices',
  '/division',
  '/divisionconfig',
  '/docs',
  '/enrollment-tokens',
  EVENTS_PATH,
  '/graphql',
  '/healthz',
  '/jobs',
  '/metrics',
  '/node',
  '/noderole',
  '/organizations',
  '/psacw',
  '/query',
  '/search',
  '/searches',
  '/settings',
  '/user-roles',
  '/webapp',
  '/ws',
] as const;

/** Whether a request path (with or without a query) is under one of the API roots, segment by segment. */
export const isApiPath = (url: string): boolean =>
  API_ROOTS.some((root) => url === root || url.startsWith(`${root}/`) || url.startsWith(`${root}?`));
