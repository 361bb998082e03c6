import {
  mfaMessages,
  WEBAUTHN_CHALLENGE_MINUTES,
  WEBAUTHN_RP_NAME,
  WebAuthnAuthenticationResponse,
  type WebAuthnRegistrationResponse,
} from '@rmm/domain';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/database.ts';
import { conflict, DomainError } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * Security keys (WebAuthn, the spec's `U2F_TOKEN`) with @simplewebauthn/server: options with a
 * challenge stored in the database (any server process checks the answer; 5 minutes, used once), and
 * the answers verified against it. The service (service.ts) stores keys and makes sessions.
 */

/** Who the browser signs for: the relying party id (a host name) and the origins its pages come from. */
export type RelyingParty = { id: string; origins: string[] };

/**
 * The rp id is the host name of PUBLIC_URL or, when unset, of the request's Host; the expected origins
 * are that URL's (or the request's) and ALLOWED_ORIGINS. A key registered under one rp id only signs
 * for it: changing PUBLIC_URL's host name makes every key unusable (recovery codes still work).
 */
export const relyingPartyOf = (
  config: Pick<Config, 'publicUrl' | 'allowedOrigins'>,
  request: { protocol: string; host: string; hostname: string },
): RelyingParty => {
  const allowed = config.allowedOrigins.map((origin) => new URL(origin).origin);
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    return { id: url.hostname, origins: [url.origin, ...allowed] };
  }
  return { id: request.hostname, origins: [`${request.protocol}://${request.host}`, ...allowed] };
};

const challengeExpiry = () => new Date(Date.now() + WEBAUTHN_CHALLENGE_MINUTES * 60_000);
const TIMEOUT_MS = WEBAUTHN_CHALLENGE_MINUTES * 60_000;

/** The challenge the browser echoed in clientDataJSON (base64url JSON), or undefined. */
const challengeOf = (clientDataJSON: string) => {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 512
      ? challenge
      : undefined;
  } catch {
    return undefined;
  }
};

const toDescriptor = (key: { credentialId: string | null; transports: string[] | null }) => ({
  id: key.credentialId!,
  ...(key.transports?.length ? { transports: key.transports } : {}),
});

/** `navigator.credentials.create()` options for one more key of this user (their keys excluded). */
export const registrationOptions = async ({
  db,
  rp,
  user,
  sessionId,
}: {
  db: DbOrTx;
  rp: RelyingParty;
  user: { id: number; email: string; name: string };
  sessionId: string | undefined;
}) => {
  const keys = await repo.listSecurityKeys(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: WEBAUTHN_RP_NAME,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    // A stable handle without personal data: a key registered again for the same user replaces its entry.
    userID: new TextEncoder().encode(`rmm-user-${user.id}`),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: keys.map(toDescriptor),
    // A second factor: no passkey (resident credential) is needed, and a PIN is welcome, not required.
    authenticatorSelection: { residentKey: 'discouraged', userVerification: 'preferred' },
  });
  await repo.insertChallenge(db, {
    userId: user.id,
    purpose: 'REGISTER',
    challenge: options.challenge,
    sessionId: sessionId ?? null,
    expiresAt: challengeExpiry(),
  });
  return { ...options };
};

/** The new key of a registration answer, checked against a live challenge of this user (spent). */
export const verifyRegistration = async ({
  db,
  rp,
  userId,
  response,
}: {
  db: DbOrTx;
  rp: RelyingParty;
  userId: number;
  response: z.output<typeof WebAuthnRegistrationResponse>;
}) => {
  const echoed = challengeOf(response.response.clientDataJSON);
  const challenge = echoed
    ? await repo.takeChallenge(db, { userId, purpose: 'REGISTER', challenge: echoed })
    : undefined;
  if (!challenge) throw conflict(mfaMessages.securityKeyNotStarted);
  const refused = () =>
    new DomainError('INVALID_MFA_CODE', mfaMessages.securityKeyRefused, { statusCode: 400 });
  const result = await verifyRegistrationResponse({
    response: response as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!result?.verified) throw refused();
  const { credential } = result.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    signCount: credential.counter,
    transports: credential.transports ?? response.response.transports ?? null,
  };
};

/** `navigator.credentials.get()` options for the keys of a user signing in (their pending session's). */
export const authenticationOptions = async ({
  db,
  rp,
  userId,
  sessionId,
}: {
  db: DbOrTx;
  rp: RelyingParty;
  userId: number;
  sessionId: string;
}) => {
  const keys = await repo.listSecurityKeys(db, userId);
  if (keys.length === 0) throw conflict(mfaMessages.noSecurityKey);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: keys.map(toDescriptor),
    userVerification: 'preferred',
    timeout: TIMEOUT_MS,
  });
  await repo.insertChallenge(db, {
    userId,
    purpose: 'AUTHENTICATE',
    challenge: options.challenge,
    sessionId,
    expiresAt: challengeExpiry(),
  });
  return { ...options };
};

/**
 * A sign-in's key answer (`code`: its JSON text): accepted once, for a live challenge of this pending
 * session, from one of the user's keys, with a signature counter that grew (or a key that keeps none).
 * Anything else is false, as a wrong code is.
 */
export const checkSecurityKey = async ({
  db,
  rp,
  userId,
  sessionId,
  code,
}: {
  db: DbOrTx;
  rp: RelyingParty;
  userId: number;
  sessionId: string;
  code: string;
}) => {
  const parsed = (() => {
    try {
      return WebAuthnAuthenticationResponse.safeParse(JSON.parse(code));
    } catch {
      return undefined;
    }
  })();
  if (!parsed?.success) return false;
  const response = parsed.data;
  const echoed = challengeOf(response.response.clientDataJSON);
  if (!echoed) return false;
  // Spent first: whatever the answer, this challenge does not serve again.
  const challenge = await repo.takeChallenge(db, {
    userId,
    purpose: 'AUTHENTICATE',
    challenge: echoed,
    sessionId,
  });
  if (!challenge) return false;
  const key = (await repo.listSecurityKeys(db, userId)).find((k) => k.credentialId === response.id);
  if (!key?.credentialId || !key.publicKey) return false;
  const result = await verifyAuthenticationResponse({
    response: response as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    credential: {
      id: key.credentialId,
      publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
      counter: key.signCount ?? 0,
      ...(key.transports ? { transports: key.transports } : {}),
    },
    requireUserVerification: false,
  }).catch(() => undefined); // a counter that did not grow throws too: a cloned key, or a replay
  if (!result?.verified) return false;
  return repo.useSecurityKey(db, key.id, result.authenticationInfo.newCounter);
};
