import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { ATTACHMENT_URL_TTL_SECONDS, apiPaths, type SignedAttachmentQuery } from '@rmm/domain';

/**
 * Signed, expiring download URLs (docs/decisions.md "Help tickets and attachments"):
 * `/ws/attachments/{id}/content?expires=<unix seconds>&signature=<base64url>&disposition=<inline|attachment>`,
 * the signature an HMAC-SHA-256 of the id, expiry and disposition under a key derived (HKDF) from the
 * server's secret key, so no URL outlives its expiry or opens another file, and changing the key revokes all.
 */

export type Disposition = SignedAttachmentQuery['disposition'];

export const attachmentUrlKey = (secretKey: Buffer) =>
  Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), 'rmm attachment download url v1', 32));

const signatureOf = (key: Buffer, id: string, expires: number, disposition: Disposition) =>
  createHmac('sha256', key).update(`v1\n${id}\n${expires}\n${disposition}`).digest('base64url');

export const signAttachmentUrl = ({
  key,
  id,
  disposition,
  now = Date.now(),
  ttlSeconds = ATTACHMENT_URL_TTL_SECONDS,
}: {
  key: Buffer;
  id: string;
  disposition: Disposition;
  /** When the URL is made (milliseconds); tests pass another time. */
  now?: number;
  ttlSeconds?: number;
}) => {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  const query = new URLSearchParams({
    expires: String(expires),
    signature: signatureOf(key, id, expires, disposition),
    disposition,
  });
  return `${apiPaths.attachmentContent(id)}?${query}`;
};

/** `invalid` for a signature that does not match (checked first, in constant time), then `expired`. */
export const checkAttachmentUrl = ({
  key,
  id,
  query,
  now = Date.now(),
}: {
  key: Buffer;
  id: string;
  query: SignedAttachmentQuery;
  now?: number;
}): 'ok' | 'invalid' | 'expired' => {
  const expected = Buffer.from(signatureOf(key, id, query.expires, query.disposition));
  const given = Buffer.from(query.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return query.expires * 1000 <= now ? 'expired' : 'ok';
};
