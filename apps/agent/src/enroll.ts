import { AGENT_ENROLL_PATH, type AgentEnrollRequest, AgentEnrollResponse } from '@rmm/domain';
import type { Logger } from './log.ts';
import { type Identity, loadIdentity, saveIdentity } from './state.ts';
import { type BackoffOptions, backoffDelay } from './transport/backoff.ts';

/** The server said no (bad, revoked or expired token; organization refuses devices): retrying will not help. */
export class EnrollmentRefusedError extends Error {
  override readonly name = 'EnrollmentRefusedError';
}

const refusalText = async (response: Response) => {
  const text = await response.text();
  try {
    return (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? text;
  } catch {
    return text || `HTTP ${response.status}`;
  }
};

export const requestEnrollment = async (
  serverUrl: string,
  body: AgentEnrollRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<AgentEnrollResponse> => {
  const response = await fetchImpl(new URL(AGENT_ENROLL_PATH, serverUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  if (response.ok) return AgentEnrollResponse.parse(await response.json());
  const message = await refusalText(response);
  // 4xx (but not rate limiting) is a decision; 5xx and 429 are worth another try.
  if (response.status >= 400 && response.status < 500 && response.status !== 429) {
    throw new EnrollmentRefusedError(message);
  }
  throw new Error(`enrolment failed (${response.status}): ${message}`);
};

export type EnrolOptions = {
  serverUrl: string | undefined;
  token: string | undefined;
  stateDir: string;
  facts: () => Promise<Omit<AgentEnrollRequest, 'token'>>;
  backoff: BackoffOptions;
  log: Logger;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stored identity, or a new one from the token; network failures are retried forever. */
export const ensureIdentity = async (options: EnrolOptions): Promise<Identity> => {
  const stored = loadIdentity(options.stateDir);
  if (stored) return stored;
  const { serverUrl, token, log } = options;
  if (!serverUrl || !token) {
    throw new EnrollmentRefusedError('This agent is not enrolled yet: pass --server URL and --token TOKEN.');
  }
  const request = { token, ...(await options.facts()) };
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await requestEnrollment(serverUrl, request);
      const identity: Identity = {
        serverUrl,
        deviceId: answer.deviceId,
        deviceSecret: answer.deviceSecret,
        organizationId: answer.organizationId,
        enrolledAt: new Date().toISOString(),
      };
      saveIdentity(options.stateDir, identity);
      log.info(`enrolled as device ${answer.deviceId} (${answer.approvalStatus})`);
      return identity;
    } catch (error) {
      if (error instanceof EnrollmentRefusedError) throw error;
      const delay = backoffDelay(attempt, options.backoff);
      log.warn(`${(error as Error).message}; retrying in ${delay} ms`);
      await sleep(delay);
    }
  }
};
