import type { FastifyRequest } from 'fastify';
import type { Actor } from '../types.ts';
import { DomainError } from './errors.ts';

/**
 * The caller of a route that is not public. The auth plugin refuses anyone else before the handler
 * runs, so this only turns that guarantee into a type (and fails closed if a route were misdeclared).
 */
export const actorOf = (request: FastifyRequest): Actor => {
  if (!request.actor) throw new DomainError('UNAUTHENTICATED');
  return request.actor;
};
