import { SubmitJobResponse } from '@rmm/domain';
import type { DbOrTx } from '../../db/database.ts';
import { sha256 } from '../../lib/crypto.ts';
import { jobError } from './errors.ts';
import * as repo from './repository.ts';

/** JSON with object keys sorted, so that the same request always hashes the same. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

export const hashRequest = (path: string, body: unknown) => sha256(`${path}\n${canonical(body)}`);

/**
 * The stored answer of an earlier request with this key: the same request gets it again (nothing
 * new is created); another request under the same key is refused.
 */
export const storedAnswer = async (db: DbOrTx, userId: number, key: string, requestHash: string) => {
  const row = await repo.findIdempotencyKey(db, userId, key);
  if (!row) return undefined;
  if (row.requestHash !== requestHash) throw jobError('IDEMPOTENCY_KEY_REUSED');
  const answer = SubmitJobResponse.safeParse(row.response);
  return answer.success ? answer.data : undefined;
};
