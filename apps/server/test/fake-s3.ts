import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the part of Amazon S3's REST API the backup store uses, from AWS's documentation:
 * path-style requests (`/<bucket>/<key>`), each authenticated with Signature Version 4 in the Authorization
 * header (the canonical request, the string to sign and the signing key computed here from the test
 * credentials; a wrong signature answers 403 `SignatureDoesNotMatch`, an unknown key id 403
 * `InvalidAccessKeyId`), and a signed payload hash checked against the body (400 `XAmzContentSHA256Mismatch`;
 * `UNSIGNED-PAYLOAD` accepted). Operations:
 *
 * - PutObject (`If-None-Match: *` → 412 `PreconditionFailed` when the key exists; `x-amz-meta-*` kept; a body
 *   shorter than its Content-Length stores nothing)
 * - GetObject (Range `bytes=a-b`, `a-`, `-n` → 206 with Content-Range; 416 `InvalidRange`; 404 `NoSuchKey`)
 * - HeadObject (404 without a body), DeleteObject (204, missing keys too)
 * - ListObjectsV2 (`list-type=2`, prefix, max-keys, continuation-token, start-after; IsTruncated and
 *   NextContinuationToken)
 *
 * Errors are S3's XML `<Error><Code>…</Code><Message>…</Message>…</Error>`. The next requests matching a method
 * (and a key) can be answered with an error (500 `InternalError`, 503 `SlowDown`, ...) or answered late.
 */

export type FakeS3Object = {
  bytes: Buffer;
  metadata: Record<string, string>;
  lastModified: Date;
  etag: string;
};
export type FakeS3Request = {
  method: string;
  key: string | undefined;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  status: number;
  /** The S3 error code answered, if any. */
  code?: string;
  bodyBytes: number;
};
export type FakeS3Failure =
  | { method?: string; key?: string | RegExp; status: number; code: string; message?: string }
  | { method?: string; key?: string | RegExp; delayMs: number };

export type FakeS3 = {
  /** The endpoint (`http://127.0.0.1:<port>`). */
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, FakeS3Object>;
  requests: FakeS3Request[];
  /** The next request matching `method` (and `key`) fails or waits; queued in order. */
  failNext: (failure: FakeS3Failure) => void;
  close: () => Promise<void>;
};

const xmlEscape = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ percent-encoded. */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The raw query as (decoded) pairs; `+` is a plus, as S3 reads it. */
const queryPairs = (rawQuery: string): [string, string][] =>
  rawQuery === ''
    ? []
    : rawQuery.split('&').map((pair) => {
        const at = pair.indexOf('=');
        const [name, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
        return [decodeURIComponent(name), decodeURIComponent(value)];
      });

const errorBody = (code: string, message: string, resource: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${xmlEscape(code)}</Code><Message>${xmlEscape(message)}</Message><Resource>${xmlEscape(resource)}</Resource><RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`;

const messages: Record<string, string> = {
  SignatureDoesNotMatch:
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  InvalidAccessKeyId: 'The AWS Access Key Id you provided does not exist in our records.',
  AccessDenied: 'Access Denied',
  NoSuchKey: 'The specified key does not exist.',
  NoSuchBucket: 'The specified bucket does not exist',
  PreconditionFailed: 'At least one of the pre-conditions you specified did not hold',
  InvalidRange: 'The requested range is not satisfiable',
  XAmzContentSHA256Mismatch: "The provided 'x-amz-content-sha256' header does not match what was computed.",
  IncompleteBody: 'You did not provide the number of bytes specified by the Content-Length HTTP header.',
  InternalError: 'We encountered an internal error. Please try again.',
  SlowDown: 'Please reduce your request rate.',
  NotImplemented: 'A header you provided implies functionality that is not implemented.',
  MissingContentLength: 'You must provide the Content-Length HTTP header.',
};

export const startFakeS3 = async ({
  bucket = 'strata-test',
  region = 'us-east-1',
  accessKeyId = 'AKIAFAKES3TEST000001',
  secretAccessKey = 'fake-s3-secret-key/for+tests0000000000000',
} = {}): Promise<FakeS3> => {
  const failures: FakeS3Failure[] = [];
  const fake: FakeS3 = {
    url: '',
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects: new Map(),
    requests: [],
    failNext: (failure) => failures.push(failure),
    close: async () => {},
  };

  /** The SigV4 check of AWS's "Signature Calculations for the Authorization Header": an S3 error code, or null. */
  const verifySignature = (request: http.IncomingMessage, rawPath: string, rawQuery: string) => {
    const authorization = request.headers.authorization ?? '';
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!match) return 'AccessDenied';
    const [, keyId, date, signedRegion, signedHeaders, signature] = match as unknown as string[];
    if (keyId !== accessKeyId) return 'InvalidAccessKeyId';
    const amzDate = String(request.headers['x-amz-date'] ?? '');
    const payloadHash = request.headers['x-amz-content-sha256'];
    if (!amzDate.startsWith(date!) || typeof payloadHash !== 'string') return 'AccessDenied';
    const headerNames = signedHeaders!.split(';');
    if (!headerNames.includes('host') || !headerNames.includes('x-amz-date')) return 'AccessDenied';
    const canonicalHeaders = headerNames
      .map((name) => {
        const value = request.headers[name];
        const text = Array.isArray(value) ? value.join(',') : (value ?? '');
        return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
      })
      .join('');
    const canonicalQuery = queryPairs(rawQuery)
      .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
      .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    // S3 signs the path as sent, each segment URI-encoded once (no normalisation).
    const canonicalRequest = [
      request.method,
      rawPath,
      canonicalQuery,
      canonicalHeaders,
      signedHeaders,
      payloadHash,
    ].join('\n');
    const scope = `${date}/${signedRegion}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
    const signingKey = hmac(
      hmac(hmac(hmac(`AWS4${secretAccessKey}`, date!), signedRegion!), 's3'),
      'aws4_request',
    );
    const expected = hmac(signingKey, stringToSign).toString('hex');
    return expected === signature ? null : 'SignatureDoesNotMatch';
  };

  const readBody = (request: http.IncomingMessage) =>
    new Promise<Buffer | undefined>((resolve) => {
      const parts: Buffer[] = [];
      request.on('data', (part: Buffer) => parts.push(part));
      request.on('end', () => resolve(Buffer.concat(parts)));
      // a client that went away mid-body sent nothing
      request.on('aborted', () => resolve(undefined));
      request.on('error', () => resolve(undefined));
    });

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const raw = request.url ?? '/';
    const at = raw.indexOf('?');
    const rawPath = at < 0 ? raw : raw.slice(0, at);
    const rawQuery = at < 0 ? '' : raw.slice(at + 1);
    const query = Object.fromEntries(queryPairs(rawQuery));
    const segments = rawPath.split('/').slice(1);
    const bucketName = decodeURIComponent(segments[0] ?? '');
    const keyText = segments.slice(1).map(decodeURIComponent).join('/');
    const key = keyText === '' ? undefined : keyText;
    const method = request.method ?? '';
    const record: FakeS3Request = { method, key, query, headers: request.headers, status: 0, bodyBytes: 0 };
    fake.requests.push(record);
    const body = method === 'PUT' || method === 'POST' ? await readBody(request) : Buffer.alloc(0);
    record.bodyBytes = body?.length ?? 0;

    const send = (status: number, headers: Record<string, string | number>, payload?: string | Buffer) => {
      record.status = status;
      response.writeHead(status, { 'x-amz-request-id': randomBytes(8).toString('hex'), ...headers });
      response.end(method === 'HEAD' ? undefined : payload);
    };
    const fail = (status: number, code: string, message = messages[code] ?? code) => {
      record.code = code;
      const xml = errorBody(code, message, rawPath);
      send(
        status,
        method === 'HEAD'
          ? {}
          : { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) },
        xml,
      );
    };

    const signatureProblem = verifySignature(request, rawPath, rawQuery);
    if (signatureProblem) return fail(403, signatureProblem);
    const failureAt = failures.findIndex(
      (f) =>
        (f.method === undefined || f.method === method) &&
        (f.key === undefined ||
          (typeof f.key === 'string' ? f.key === key : key !== undefined && f.key.test(key))),
    );
    if (failureAt >= 0) {
      const [failure] = failures.splice(failureAt, 1);
      if ('delayMs' in failure!) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
      else return fail(failure!.status, failure!.code, failure!.message);
      if (response.destroyed || request.socket.destroyed) return;
    }
    if (bucketName !== bucket) return fail(404, 'NoSuchBucket');

    if (key === undefined) {
      if (method !== 'GET' || query['list-type'] !== '2') return fail(501, 'NotImplemented');
      const prefix = query.prefix ?? '';
      const maxKeys = Math.min(Number(query['max-keys'] ?? 1000), 1000);
      const after = query['continuation-token']
        ? Buffer.from(query['continuation-token'], 'base64url').toString('utf8')
        : (query['start-after'] ?? '');
      const keys = [...fake.objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
      const page = keys.slice(0, maxKeys);
      const truncated = keys.length > page.length;
      const contents = page
        .map((k) => {
          const object = fake.objects.get(k)!;
          return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>&quot;${object.etag}&quot;</ETag><Size>${object.bytes.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
        })
        .join('');
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xmlEscape(bucket)}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${
        query['continuation-token']
          ? `<ContinuationToken>${xmlEscape(query['continuation-token'])}</ContinuationToken>`
          : ''
      }${
        truncated
          ? `<NextContinuationToken>${Buffer.from(page[page.length - 1]!).toString('base64url')}</NextContinuationToken>`
          : ''
      }${contents}</ListBucketResult>`;
      return send(200, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) }, xml);
    }

    const object = fake.objects.get(key);
    const objectHeaders = (found: FakeS3Object) => ({
      etag: `"${found.etag}"`,
      'last-modified': found.lastModified.toUTCString(),
      'content-type': 'application/octet-stream',
      'accept-ranges': 'bytes',
      ...Object.fromEntries(
        Object.entries(found.metadata).map(([name, value]) => [`x-amz-meta-${name}`, value]),
      ),
    });

    if (method === 'PUT') {
      const payloadHash = String(request.headers['x-amz-content-sha256']);
      if (payloadHash.startsWith('STREAMING-')) return fail(501, 'NotImplemented');
      if (request.headers['content-length'] === undefined) return fail(411, 'MissingContentLength');
      if (body === undefined || body.length !== Number(request.headers['content-length']))
        return fail(400, 'IncompleteBody');
      if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body))
        return fail(400, 'XAmzContentSHA256Mismatch');
      // checked when the upload completes, as S3 does
      if (request.headers['if-none-match'] === '*' && fake.objects.has(key))
        return fail(412, 'PreconditionFailed');
      const metadata: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers))
        if (name.startsWith('x-amz-meta-') && typeof value === 'string') metadata[name.slice(11)] = value;
      const etag = createHash('md5').update(body).digest('hex');
      fake.objects.set(key, { bytes: body, metadata, lastModified: new Date(), etag });
      return send(200, { etag: `"${etag}"`, 'content-length': 0 });
    }
    if (method === 'DELETE') {
      fake.objects.delete(key);
      return send(204, {});
    }
    if (method !== 'GET' && method !== 'HEAD') return fail(501, 'NotImplemented');
    if (!object) return fail(404, 'NoSuchKey');
    const size = object.bytes.length;
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? ''));
    if (!range || (range[1] === '' && range[2] === ''))
      return send(200, { ...objectHeaders(object), 'content-length': size }, object.bytes);
    const [start, end] =
      range[1] === ''
        ? [Math.max(size - Number(range[2]), 0), size - 1]
        : [Number(range[1]), range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1)];
    if (start >= size || start > end) return fail(416, 'InvalidRange');
    return send(
      206,
      {
        ...objectHeaders(object),
        'content-length': end - start + 1,
        'content-range': `bytes ${start}-${end}/${size}`,
      },
      object.bytes.subarray(start, end + 1),
    );
  };

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      if (!response.headersSent) {
        response.writeHead(500);
        response.end(errorBody('InternalError', error.message, request.url ?? ''));
      } else response.destroy(error);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
};
