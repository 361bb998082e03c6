import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { BACKUP_EXTRACT_URL_TTL_SECONDS, type SignedBackupExtractQuery } from '@rmm/domain';

/**
 * Signed, expiring download URLs of EXTRACT zips, like the attachments' (modules/attachments/signed-url.ts):
 * `/backup/strata/extracts/{jobUid}/content?expires=<unix seconds>&signature=<base64url>`, the signature an
 * HMAC-SHA-256 of the job and expiry under a key derived (HKDF) from the server's secret key, so no URL outlives
 * its expiry or opens another zip, and changing the key revokes all.
 */

export const extractUrlKey = (secretKey: Buffer) =>
  Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), 'rmm backup extract download url v1', 32));

export const extractContentPath = (jobUid: string) => `/backup/strata/extracts/${jobUid}/content`;

const signatureOf = (key: Buffer, jobUid: string, expires: number) =>
  createHmac('sha256', key).update(`v1\n${jobUid}\n${expires}`).digest('base64url');

export const signExtractUrl = ({
  key,
  jobUid,
  now = Date.now(),
  ttlSeconds = BACKUP_EXTRACT_URL_TTL_SECONDS,
}: {
  key: Buffer;
  jobUid: string;
  /** When the URL is made (milliseconds); tests pass another time. */
  now?: number;
  ttlSeconds?: number;
}) => {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  const query = new URLSearchParams({
    expires: String(expires),
    signature: signatureOf(key, jobUid, expires),
  });
  return { url: `${extractContentPath(jobUid)}?${query}`, expiresAt: new Date(expires * 1000) };
};

/** `invalid` for a signature that does not match (checked first, in constant time), then `expired`. */
export const checkExtractUrl = ({
  key,
  jobUid,
  query,
  now = Date.now(),
}: {
  key: Buffer;
  jobUid: string;
  query: SignedBackupExtractQuery;
  now?: number;
}): 'ok' | 'invalid' | 'expired' => {
  const expected = Buffer.from(signatureOf(key, jobUid, query.expires));
  const given = Buffer.from(query.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return query.expires * 1000 <= now ? 'expired' : 'ok';
};
