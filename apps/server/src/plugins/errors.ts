import { type ErrorBody, httpMessages } from '@rmm/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError } from '../lib/errors.ts';
import { insertActivity } from '../modules/activities/repository.ts';

export type Mapped = { status: number; code: string; message: string; resultCode?: string };

type ValidationIssue = {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: string[] };
};

/** "body.name: Invalid input: expected string, received number" — names the field. */
const describeZodIssues = (error: FastifyError): string =>
  ((error.validation ?? []) as ValidationIssue[])
    .slice(0, 5)
    .map((issue) => {
      const fieldPath = (issue.instancePath ?? '').split('/').filter(Boolean);
      const where = [error.validationContext, ...fieldPath].filter(Boolean).join('.');
      if (issue.keyword === 'unrecognized_keys')
        return `${where}: unknown field(s) ${issue.params?.keys?.join(', ')}`;
      return `${where}: ${issue.message}`;
    })
    .join('; ');

/** A thrown error as the answer's status, code and message (GraphQL's endpoint answers it in its own shape). */
export const mapError = (error: FastifyError): Mapped => {
  if (error instanceof DomainError) {
    return {
      status: error.statusCode,
      code: error.code,
      message: error.message,
      resultCode: error.resultCode,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, code: 'VALIDATION_FAILED', message: describeZodIssues(error) };
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: httpMessages.PAYLOAD_TOO_LARGE };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return { status: 400, code: 'BAD_JSON', message: httpMessages.BAD_JSON };
  }
  if (error.statusCode === 429)
    return { status: 429, code: 'RATE_LIMITED', message: httpMessages.RATE_LIMITED };
  if (
    error.statusCode &&
    error.statusCode >= 400 &&
    error.statusCode < 500 &&
    !isResponseSerializationError(error)
  ) {
    return { status: error.statusCode, code: 'BAD_REQUEST', message: error.message };
  }
  return { status: 500, code: 'INTERNAL', message: httpMessages.INTERNAL };
};

/** A refused request changes nothing, but its failure activity is written on its own. */
const recordFailure = async (request: FastifyRequest, mapped: Mapped) => {
  const action = request.routeOptions.config?.activity;
  if (!action) return;
  const body = request.body as { email?: unknown } | undefined;
  const attemptedEmail = typeof body?.email === 'string' ? body.email.slice(0, 320) : undefined;
  await insertActivity(request.server.db, {
    actorId: request.actor?.id ?? null,
    actorName: request.actor?.email ?? attemptedEmail ?? 'anonymous',
    action,
    targetType: null,
    targetId: (request.params as { id?: string } | undefined)?.id ?? null,
    outcome: 'FAILURE',
    detail: `${mapped.code}: ${mapped.message}`.slice(0, 1000),
  });
};

export const errorPlugin = fp(async (app) => {
  app.setErrorHandler(async (error: FastifyError, request, reply: FastifyReply) => {
    const mapped = mapError(error);
    if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: mapped.code, status: mapped.status }, 'request refused');
    try {
      if (!(error instanceof DomainError && error.activityWritten)) await recordFailure(request, mapped);
    } catch (activityError) {
      request.log.error({ err: activityError }, 'could not record failure activity');
    }
    const body: ErrorBody = { error: { code: mapped.code, message: mapped.message } };
    if (mapped.resultCode) body.resultCode = mapped.resultCode;
    return reply.status(mapped.status).type('application/json').send(body);
  });
});
