import { type PsaErrorCode, type PsaMessageCode, psaErrorStatus, psaMessages } from '@rmm/domain';
import { DomainError } from '../../lib/errors.ts';
import { ConnectWiseError } from './connectwise-client.ts';

/** A PSA error: its code's status and the text of a message code (or a text of its own). */
export const psaError = (code: PsaErrorCode, message: PsaMessageCode | { text: string }) =>
  new DomainError(code, typeof message === 'string' ? psaMessages[message] : message.text, {
    statusCode: psaErrorStatus[code],
  });

/**
 * ConnectWise failed while doing `what` (a spec §8 text such as "Error fetching account companies"): 502 with
 * that text and ConnectWise's reason after it. Never 401, even when ConnectWise refused our keys: the caller's
 * own session is fine. A settings problem (the site) is the caller's to fix: 400.
 */
export const upstreamError = (what: string, error: unknown) => {
  if (error instanceof DomainError) return error;
  if (!(error instanceof ConnectWiseError)) return error;
  if (error.kind === 'SETTINGS')
    return new DomainError('VALIDATION_FAILED', `${what}: ${error.message}`, { statusCode: 400 });
  return new DomainError('PSA_UPSTREAM_FAILED', `${what}: ${error.message}`, {
    statusCode: psaErrorStatus.PSA_UPSTREAM_FAILED,
  });
};
