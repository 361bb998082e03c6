import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the part of Zendesk's Support API the connector uses, with Zendesk's documented
 * shapes: Basic auth `{email}/token:{api_token}` (401 `{"error":"Couldn't authenticate you"}` otherwise);
 * `POST /api/v2/uploads?filename=` with the file as the body → 201 `{upload: {token, attachment}}`;
 * `POST /api/v2/tickets` `{ticket}` → 201 `{ticket: {id, ...}}`, or 422 `RecordInvalid` with `details`.
 * Failures can be queued per path (any status, body and headers, e.g. 429 with Retry-After).
 */

export type ZendeskUpload = {
  token: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
  declaredLength: number;
};
export type Failure = { status: number; body?: unknown; headers?: Record<string, string> };

export type FakeZendesk = {
  url: string;
  email: string;
  apiToken: string;
  uploads: ZendeskUpload[];
  tickets: { id: number; ticket: Record<string, unknown> }[];
  /** Every request's method, path (with query) and Authorization. */
  requests: { method: string; path: string; authorization: string | undefined }[];
  failNext: (path: '/api/v2/uploads' | '/api/v2/tickets', failure: Failure) => void;
  close: () => Promise<void>;
};

const send = (
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(body === undefined ? '' : JSON.stringify(body));
};

const readBody = (request: http.IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts)));
    request.on('error', reject);
  });

export const startFakeZendesk = async ({
  email = 'agent@msp.example',
  apiToken = 'zendesk-api-token-1234',
} = {}): Promise<FakeZendesk> => {
  const failures = new Map<string, Failure[]>();
  let nextTicketId = 4200;
  const fake: FakeZendesk = {
    url: '',
    email,
    apiToken,
    uploads: [],
    tickets: [],
    requests: [],
    failNext: (path, failure) => failures.set(path, [...(failures.get(path) ?? []), failure]),
    close: async () => {},
  };
  const expected = `Basic ${Buffer.from(`${email}/token:${apiToken}`).toString('base64')}`;

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://zendesk.local');
    fake.requests.push({
      method: request.method ?? '',
      path: `${url.pathname}${url.search}`,
      authorization: request.headers.authorization,
    });
    const body = await readBody(request);
    if (request.headers.authorization !== expected)
      return send(response, 401, { error: "Couldn't authenticate you" });
    const failure = failures.get(url.pathname)?.shift();
    if (failure) return send(response, failure.status, failure.body, failure.headers);

    if (request.method === 'POST' && url.pathname === '/api/v2/uploads') {
      const fileName = url.searchParams.get('filename');
      if (!fileName)
        return send(response, 400, { error: 'InvalidEndpoint', description: 'filename is required' });
      const token = `tok${fake.uploads.length + 1}x${Math.random().toString(36).slice(2, 10)}`;
      const upload: ZendeskUpload = {
        token,
        fileName,
        contentType: request.headers['content-type'] ?? '',
        bytes: body,
        declaredLength: Number(request.headers['content-length']),
      };
      fake.uploads.push(upload);
      const attachment = {
        id: 500 + fake.uploads.length,
        file_name: fileName,
        content_type: upload.contentType,
        size: body.length,
      };
      return send(response, 201, {
        upload: { token, expires_at: '2099-01-01T00:00:00Z', attachment, attachments: [attachment] },
      });
    }

    if (request.method === 'POST' && url.pathname === '/api/v2/tickets') {
      let ticket: Record<string, unknown> | undefined;
      try {
        ticket = (JSON.parse(body.toString('utf8')) as { ticket?: Record<string, unknown> }).ticket;
      } catch {
        return send(response, 400, { error: 'Unprocessable Entity', description: 'Invalid JSON' });
      }
      const comment = ticket?.comment as { body?: string; uploads?: string[] } | undefined;
      const known = new Set(fake.uploads.map((upload) => upload.token));
      const problems = [
        ...(!ticket?.subject ? [{ description: 'Subject: cannot be blank' }] : []),
        ...(!comment?.body ? [{ description: 'Description: cannot be blank' }] : []),
        ...(comment?.uploads ?? [])
          .filter((token) => !known.has(token))
          .map((token) => ({ description: `Upload ${token} not found` })),
      ];
      if (problems.length > 0)
        return send(response, 422, {
          error: 'RecordInvalid',
          description: 'Record validation errors',
          details: { base: problems },
        });
      const id = nextTicketId++;
      fake.tickets.push({ id, ticket: ticket! });
      return send(response, 201, {
        ticket: { id, url: `${fake.url}/api/v2/tickets/${id}.json`, ...ticket, status: 'new' },
      });
    }
    return send(response, 404, { error: 'InvalidEndpoint', description: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
};
