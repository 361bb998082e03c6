import { createHmac } from 'node:crypto';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * A compact JWS with HS256 (RFC 7515, RFC 7519): `base64url(header).base64url(claims).base64url(HMAC-SHA256)`.
 * Written out here (twenty lines of node:crypto) rather than taking a JWT library for one signature.
 */
export const signHs256 = (claims: Record<string, unknown>, secret: string): string => {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
};
