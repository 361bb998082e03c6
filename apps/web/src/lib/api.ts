import { readErrorBody } from '@rmm/domain';

/** An error answer of the API: `{error:{code,message}}` with its HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly resultCode: string | undefined;

  constructor(status: number, code: string, message: string, resultCode?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.resultCode = resultCode;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `headers` are added to the request's own (e.g. an Idempotency-Key). A `Blob` body is sent as it is (a JSON
 * body built in pieces, such as an upload's base64, is never one string); anything else as JSON.
 */
export const apiRequest = async <T>(
  method: Method,
  path: string,
  body?: unknown,
  { headers, signal }: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<T> => {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      ...(body === undefined
        ? { accept: 'application/json' }
        : { 'content-type': 'application/json', accept: 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const parsed = readErrorBody(data);
    if (parsed)
      throw new ApiError(response.status, parsed.error.code, parsed.error.message, parsed.resultCode);
    throw new ApiError(response.status, 'HTTP_ERROR', `HTTP ${response.status}`);
  }
  return data as T;
};

/** Query string from an object, skipping empty values. */
export const toQuery = (params: Record<string, string | number | undefined | null>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};
