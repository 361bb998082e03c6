import fp from 'fastify-plugin';
import client from 'prom-client';

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

  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  );
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus registry of /metrics: features add their own metrics to it. */
    metrics: client.Registry;
  }
}
