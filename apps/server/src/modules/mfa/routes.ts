import {
  DuoPushResponse,
  FactorParam,
  IdParam,
  MfaStatus,
  MfaVerifyRequest,
  OkResponse,
  RecoveryCodesResponse,
  SmsConfirmRequest,
  SmsSentResponse,
  SmsSetupRequest,
  TotpConfirmRequest,
  TotpConfirmResponse,
  TotpSetupResponse,
  WebAuthnOptionsResponse,
  WebAuthnRegisterRequest,
} from '@rmm/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { finishEnrolment, MFA_COOKIE } from '../auth/service.ts';
import * as duoService from './duo-service.ts';
import * as service from './service.ts';
import { smsSenderOf } from './sms.ts';
import * as smsService from './sms-service.ts';
import { relyingPartyOf } from './webauthn.ts';

const tags = ['mfa'];

/** Second factors: the sign-in's second step, one's own enrolment, and an administrator's view and reset. */
export const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const isSecure = app.config.publicUrl?.startsWith('https://') ?? false;
  /** Security keys sign for PUBLIC_URL's host name (or the request's, when unset). */
  const rpOf = (request: FastifyRequest) => relyingPartyOf(app.config, request);
  // Unset settings: no SMS or Duo factor (their routes answer 409); incomplete ones stop the server here.
  const sender = smsSenderOf(app.config, app.log);
  const duo = duoService.duoClientOf(app.config);
  const sms = { db: app.db, config: app.config, secretKey: app.secretKey, sender, log: app.log };

  app.post(
    '/auth/mfa/verify',
    {
      config: {
        // The MFA-pending cookie is read by the service: it is good for nothing else.
        access: 'public',
        activity: 'auth.mfa.verify',
        rateLimit: { max: app.config.loginRatePerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary:
          'The second step of sign-in: a code of one of the factors (or a recovery code) makes the session. ' +
          "DUO: `code` is the push's txid; while the user has not answered, 409 DUO_PENDING (ask again); " +
          'Duo not answering is 503 DUO_UNAVAILABLE',
        body: MfaVerifyRequest,
        response: { 200: OkResponse },
      },
    },
    async (request, reply) => {
      const cookie = await service.verifySecondFactor({
        db: app.db,
        config: app.config,
        secretKey: app.secretKey,
        duo,
        log: request.log,
        pendingToken: request.cookies[MFA_COOKIE],
        input: request.body,
        meta: { ip: request.ip, userAgent: request.headers['user-agent'] },
        rp: rpOf(request),
      });
      reply.clearCookie(MFA_COOKIE, { path: '/' });
      reply.setCookie(cookie.name, cookie.value, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: isSecure,
        maxAge: cookie.maxAgeSeconds,
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/mfa/webauthn/options',
    {
      config: {
        // Needs the MFA-pending cookie of a password step, read by the service.
        access: 'public',
        activity: 'auth.mfa.verify',
        rateLimit: { max: app.config.loginRatePerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary:
          "Sign-in with a security key: options for navigator.credentials.get() (the answer's JSON is the code of POST /auth/mfa/verify, type U2F_TOKEN)",
        response: { 200: WebAuthnOptionsResponse },
      },
    },
    async (request) =>
      service.securityKeyOptions({
        db: app.db,
        rp: rpOf(request),
        pendingToken: request.cookies[MFA_COOKIE],
      }),
  );

  app.post(
    '/auth/mfa/sms/send',
    {
      config: {
        access: 'public', // the MFA-pending cookie, read by the service
        activity: 'auth.mfa.sms.send',
        rateLimit: { max: app.config.loginRatePerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary:
          "Sign-in: text a fresh code to the pending user's phone (at most one per SMS_RESEND_SECONDS)",
        response: { 200: SmsSentResponse },
      },
    },
    async (request) =>
      smsService.sendSignInCode({ ...sms, log: request.log, pendingToken: request.cookies[MFA_COOKIE] }),
  );

  app.post(
    '/auth/mfa/duo/push',
    {
      config: {
        access: 'public', // the MFA-pending cookie, read by the service
        activity: 'auth.mfa.duo.push',
        rateLimit: { max: app.config.loginRatePerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary:
          "Sign-in: a Duo push to the pending user's device; its txid goes to POST /auth/mfa/verify as {type: 'DUO', code}",
        response: { 200: DuoPushResponse },
      },
    },
    async (request) =>
      duoService.startPush({
        db: app.db,
        config: app.config,
        duo,
        log: request.log,
        pendingToken: request.cookies[MFA_COOKIE],
      }),
  );

  app.get(
    '/auth/mfa',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'My second factors and recovery codes left', response: { 200: MfaStatus } },
    },
    async (request) => service.statusOf(app.db, actorOf(request).id),
  );

  app.post(
    '/auth/mfa/totp/setup',
    {
      // Also the enrolment session of a sign-in that requires a factor (see the auth plugin).
      config: { access: 'authenticated', activity: 'auth.mfa.totp.setup', enrolment: true },
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: its secret and otpauth:// address',
        response: { 200: TotpSetupResponse },
      },
    },
    async (request) => service.setupTotp({ db: app.db, actor: actorOf(request), secretKey: app.secretKey }),
  );

  app.post(
    '/auth/mfa/totp/confirm',
    {
      config: { access: 'authenticated', activity: 'auth.mfa.totp.enable', enrolment: true },
      schema: {
        tags,
        summary:
          "Turn the authenticator app on with its first code (the first factor's recovery codes come with it). " +
          'From the enrolment session of a sign-in (MFA required), this also signs in: the session cookie is set',
        body: TotpConfirmRequest,
        response: { 200: TotpConfirmResponse },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const result = await service.confirmTotp({
        db: app.db,
        actor,
        secretKey: app.secretKey,
        input: request.body,
      });
      if (actor.enrolment) {
        const cookie = await finishEnrolment({
          db: app.db,
          config: app.config,
          actor,
          meta: { ip: request.ip, userAgent: request.headers['user-agent'] },
        });
        reply.clearCookie(MFA_COOKIE, { path: '/' });
        reply.setCookie(cookie.name, cookie.value, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: isSecure,
          maxAge: cookie.maxAgeSeconds,
        });
      }
      return result;
    },
  );

  app.post(
    '/auth/mfa/webauthn/register/options',
    {
      config: { access: 'authenticated', activity: 'auth.mfa.webauthn.setup' },
      schema: {
        tags,
        summary: 'Start adding a security key: options for navigator.credentials.create()',
        response: { 200: WebAuthnOptionsResponse },
      },
    },
    async (request) =>
      service.startSecurityKeyRegistration({ db: app.db, actor: actorOf(request), rp: rpOf(request) }),
  );

  app.post(
    '/auth/mfa/webauthn/register/verify',
    {
      config: { access: 'authenticated', activity: 'auth.mfa.webauthn.enable' },
      schema: {
        tags,
        summary:
          "Add the security key from its answer (the first factor's recovery codes come with it; several keys may be added)",
        body: WebAuthnRegisterRequest,
        response: { 200: TotpConfirmResponse },
      },
    },
    async (request) =>
      service.registerSecurityKey({
        db: app.db,
        actor: actorOf(request),
        rp: rpOf(request),
        input: request.body,
      }),
  );

  app.post(
    '/auth/mfa/sms/setup',
    {
      config: {
        access: 'authenticated',
        activity: 'auth.mfa.sms.setup',
        rateLimit: { max: app.config.loginRatePerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary:
          'Start setting up text messages: a first code is sent to the phone (E.164, stored encrypted)',
        body: SmsSetupRequest,
        response: { 200: SmsSentResponse },
      },
    },
    async (request) =>
      smsService.setupSms({ ...sms, log: request.log, actor: actorOf(request), input: request.body }),
  );

  app.post(
    '/auth/mfa/sms/confirm',
    {
      config: { access: 'authenticated', activity: 'auth.mfa.sms.enable' },
      schema: {
        tags,
        summary:
          "Turn text messages on with the code sent to the phone (the first factor's recovery codes come with it)",
        body: SmsConfirmRequest,
        response: { 200: TotpConfirmResponse },
      },
    },
    async (request) =>
      smsService.confirmSms({
        db: app.db,
        secretKey: app.secretKey,
        actor: actorOf(request),
        input: request.body,
      }),
  );

  app.post(
    '/auth/mfa/duo/enable',
    {
      config: { access: 'authenticated', activity: 'auth.mfa.duo.enable' },
      schema: {
        tags,
        summary:
          "Turn Duo on: Duo's preauth must know the account (its email) and be ready to authenticate it",
        response: { 200: TotpConfirmResponse },
      },
    },
    async (request) => duoService.enableDuo({ db: app.db, duo, log: request.log, actor: actorOf(request) }),
  );

  app.post(
    '/auth/mfa/recovery-codes',
    {
      config: { access: 'authenticated', activity: 'auth.mfa.recoveryCodes.regenerate' },
      schema: {
        tags,
        summary: 'New recovery codes (shown once; the earlier ones stop working)',
        response: { 200: RecoveryCodesResponse },
      },
    },
    async (request) => service.regenerateRecoveryCodes({ db: app.db, actor: actorOf(request) }),
  );

  app.delete(
    '/auth/mfa/factors/:factorId',
    {
      config: { access: 'authenticated', activity: 'auth.mfa.factor.remove' },
      schema: {
        tags,
        summary: 'Remove one of my second factors',
        params: FactorParam,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await service.removeFactor({ db: app.db, actor, userId: actor.id, factorId: request.params.factorId });
      return { ok: true as const };
    },
  );

  app.get(
    '/users/:id/mfa',
    {
      config: { access: 'users.view' },
      schema: { tags, summary: "A user's second factors", params: IdParam, response: { 200: MfaStatus } },
    },
    async (request) => service.userStatus({ db: app.db, actor: actorOf(request), userId: request.params.id }),
  );

  app.delete(
    '/users/:id/mfa',
    {
      config: { access: 'users.manage', activity: 'user.mfa.reset' },
      schema: {
        tags,
        summary:
          "Reset a user's second factors (they sign in with their password, then may set one up again)",
        params: IdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await service.resetFactors({ db: app.db, actor: actorOf(request), userId: request.params.id });
      return { ok: true as const };
    },
  );
};
