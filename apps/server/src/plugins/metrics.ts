import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import client from 'prom-client';
import { DomainError } from '../lib/errors.ts';

const isLoopback = (address: string | undefined) =>
  address !== undefined &&
  (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/**
 * Whether a request may read /metrics on the console's port: with METRICS_TOKEN, the right bearer token
 * from anywhere; without it, only from this machine. A request that came through a proxy counts as
 * from this machine only when every address it names is loopback, so a proxied outside client (or a
 * forged X-Forwarded-For) is refused.
 */
export const mayReadMetrics = (request: FastifyRequest, token: string | undefined): boolean => {
  if (token) {
    const given = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  const forwarded = String(request.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return isLoopback(request.socket.remoteAddress) && forwarded.every(isLoopback);
};

const sendMetrics = async (registry: client.Registry, reply: FastifyReply) =>
  reply.type(registry.contentType).send(await registry.metrics());

/** METRICS_PORT: a listener of its own that serves only GET /metrics (loopback unless METRICS_HOST says otherwise). */
export const startMetricsListener = async (registry: client.Registry, port: number, host: string) => {
  const listener = Fastify({ logger: false });
  listener.get('/metrics', async (_request, reply) => sendMetrics(registry, reply));
  await listener.listen({ port, host });
  return listener;
};

/** Prometheus metrics at /metrics: HTTP latency, database pool, process. */
export const metricsPlugin = fp(async (app) => {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const httpDuration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const pool = (name: string, help: string, pick: (s: ReturnType<typeof app.database.poolStats>) => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(pick(app.database.poolStats()));
      },
    });
  pool('db_pool_connections_total', 'Database pool connections', (s) => s.total);
  pool('db_pool_connections_idle', 'Idle database pool connections', (s) => s.idle);
  pool('db_pool_waiting_requests', 'Queries waiting for a pool connection', (s) => s.waiting);

  app.decorate('metrics', registry);

  app.addHook('onResponse', async (request, reply) => {
    httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  // With METRICS_PORT the console's port does not serve /metrics at all (main.ts starts the listener).
  if (app.config.metricsPort === undefined) {
    app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      if (!mayReadMetrics(request, app.config.metricsToken)) {
        throw app.config.metricsToken
          ? new DomainError('UNAUTHENTICATED', 'A valid metrics token is required.', { statusCode: 401 })
          : new DomainError(
              'FORBIDDEN',
              'Metrics are served to this machine only; set METRICS_TOKEN to read them from elsewhere.',
              { statusCode: 403 },
            );
      }
      return sendMetrics(registry, reply);
    });
  }
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus registry of /metrics: features add their own metrics to it. */
    metrics: client.Registry;
  }
}
