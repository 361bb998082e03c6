import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnrollmentRefusedError, ensureIdentity, requestEnrollment } from './enroll.ts';
import { createLogger } from './log.ts';
import { saveIdentity } from './state.ts';

const body = { token: 'T', hostname: 'h', platform: 'linux' as const, agentVersion: '0.1.0' };
const answer = (status: number, json: unknown): typeof fetch =>
  (async () =>
    new Response(JSON.stringify(json), {
      status,
      headers: { 'content-type': 'application/json' },
    })) as typeof fetch;

describe('enrolment', () => {
  it('answers the identity the server gives', async () => {
    const identity = {
      deviceId: 3,
      deviceSecret: 's'.repeat(43),
      organizationId: 1,
      approvalStatus: 'APPROVED',
    };
    expect(await requestEnrollment('http://server', body, answer(200, identity))).toEqual(identity);
  });

  it('turns a refusal into an error carrying the server’s own message', async () => {
    const refusal = answer(401, {
      error: { code: 'ENROLLMENT_TOKEN_REVOKED', message: 'This enrolment token has been revoked.' },
    });
    await expect(requestEnrollment('http://server', body, refusal)).rejects.toThrow(
      new EnrollmentRefusedError('This enrolment token has been revoked.'),
    );
  });

  it('treats server errors and rate limiting as worth another try', async () => {
    for (const status of [500, 503, 429]) {
      const error = await requestEnrollment('http://server', body, answer(status, {})).catch((e) => e);
      expect(error).not.toBeInstanceOf(EnrollmentRefusedError);
    }
  });

  it('reuses a stored identity without asking the server', async () => {
    const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-enrol-'));
    const stored = {
      serverUrl: 'http://server',
      deviceId: 9,
      deviceSecret: 'x'.repeat(43),
      organizationId: 1,
      enrolledAt: 'then',
    };
    saveIdentity(stateDir, stored);
    const identity = await ensureIdentity({
      serverUrl: 'http://elsewhere',
      token: undefined,
      stateDir,
      facts: async () => {
        throw new Error('must not be called');
      },
      backoff: { minMs: 1, maxMs: 1 },
      log: createLogger(() => {}),
    });
    expect(identity).toEqual(stored);
  });

  it('says how to enrol when there is neither an identity nor a token', async () => {
    const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-enrol-'));
    const options = {
      serverUrl: undefined,
      token: undefined,
      stateDir,
      facts: async () => body,
      backoff: { minMs: 1, maxMs: 1 },
      log: createLogger(() => {}),
    };
    await expect(ensureIdentity(options)).rejects.toThrow('pass --server URL and --token TOKEN');
  });
});
