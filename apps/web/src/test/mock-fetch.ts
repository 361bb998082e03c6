import { vi } from 'vitest';

type Answer = unknown | ((request: { body: unknown; url: URL }) => unknown);
export type MockRoutes = Record<string, Answer>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A JSON body sent as a string or, like an upload's, as a Blob. */
const bodyOf = async (body: RequestInit['body']) => {
  if (typeof body === 'string') return JSON.parse(body);
  if (body instanceof Blob) return JSON.parse(await body.text());
  return undefined;
};

/**
 * Replaces `fetch` for one test. Routes are keyed `METHOD /path` (query string ignored); an
 * unknown route answers 404 in the API's error shape. Returns the mock, to assert the requests.
 */
export const mockFetch = (routes: MockRoutes) => {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init?.method ?? 'GET').toUpperCase();
    const answer = routes[`${method} ${url.pathname}`];
    if (answer === undefined) return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    const body = await bodyOf(init?.body);
    const value = typeof answer === 'function' ? await answer({ body, url }) : answer;
    // An answer that is a Response (an error status, say) is sent as it is.
    return value instanceof Response ? value : json(200, value);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
};

/** An error answer in the API's shape, for a route of `mockFetch`. */
export const errorAnswer = (status: number, code: string, message: string, extra: object = {}) =>
  json(status, { error: { code, message }, ...extra });

/** The parsed JSON bodies of the requests sent to `METHOD /path`. */
export const requestBodies = (mock: ReturnType<typeof mockFetch>, route: string) =>
  mock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), window.location.origin);
      return `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}` === route;
    })
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
