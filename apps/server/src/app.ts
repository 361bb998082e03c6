import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { agentCloseCodes, isApiPath, restartCloseReason } from '@rmm/domain';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Bus } from './bus/index.ts';
import { busPlugin } from './bus/plugin.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { DomainError } from './lib/errors.ts';
import { activityRoutes } from './modules/activities/routes.ts';
import { restartSpreadMs } from './modules/agent-gateway/restart.ts';
import { agentGatewayRoutes } from './modules/agent-gateway/routes.ts';
import { alertRoutes } from './modules/alerts/routes.ts';
import { attachmentsPlugin } from './modules/attachments/plugin.ts';
import { attachmentRoutes } from './modules/attachments/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { backupPlugin } from './modules/backup/plugin.ts';
import { backupRoutes } from './modules/backup/routes.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { brandingRoutes } from './modules/branding/routes.ts';
import { credentialRoutes } from './modules/credentials/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { demoRequestsPlugin } from './modules/demo-requests/plugin.ts';
import { demoRequestRoutes } from './modules/demo-requests/routes.ts';
import { presencePlugin } from './modules/devices/presence-plugin.ts';
import { deviceRoutes } from './modules/devices/routes.ts';
import { enrollmentRoutes } from './modules/enrollment/routes.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { graphqlRoutes } from './modules/graphql/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { helpIndexPlugin } from './modules/help/plugin.ts';
import { helpRoutes } from './modules/help/routes.ts';
import { helpDeskRoutes } from './modules/help-desk/routes.ts';
import { jobsPlugin } from './modules/jobs/plugin.ts';
import { jobRoutes } from './modules/jobs/routes.ts';
import { knowledgeBaseRoutes } from './modules/knowledge-base/routes.ts';
import { mfaRoutes } from './modules/mfa/routes.ts';
import { monitoringPlugin } from './modules/monitoring/plugin.ts';
import { notificationsPlugin } from './modules/notifications/plugin.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { organizationRoutes } from './modules/organizations/routes.ts';
import { policiesPlugin } from './modules/policies/plugin.ts';
import { policyRoutes } from './modules/policies/routes.ts';
import { productsPlugin } from './modules/products/plugin.ts';
import { productRoutes } from './modules/products/routes.ts';
import { psaPlugin } from './modules/psa/plugin.ts';
import { psaRoutes } from './modules/psa/routes.ts';
import { scheduledTasksPlugin } from './modules/scheduled-tasks/plugin.ts';
import { scheduledTaskRoutes } from './modules/scheduled-tasks/routes.ts';
import { scriptRoutes } from './modules/scripts/routes.ts';
import { searchRoutes } from './modules/searches/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { ssoRoutes } from './modules/sso/routes.ts';
import { tagRoutes } from './modules/tags/routes.ts';
import { ticketMailPlugin } from './modules/ticket-mail/plugin.ts';
import { ticketMailRoutes } from './modules/ticket-mail/routes.ts';
import { ticketRulesEnginePlugin } from './modules/ticket-rules-engine/plugin.ts';
import { ticketingPlugin } from './modules/tickets/plugin.ts';
import { ticketRoutes } from './modules/tickets/routes.ts';
import { ticketSetupRoutes } from './modules/tickets/setup-routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { wakeOnLanRoutes } from './modules/wake-on-lan/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorPlugin } from './plugins/errors.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { docsContentSecurityPolicy, securityHeadersPlugin } from './plugins/security-headers.ts';
import './types.ts';

export type BuildAppOptions = {
  config: Config;
  database: Database;
  secretKey: Buffer;
  logger?: boolean | object;
  /** A bus to share (tests run two apps on one); by default one is made from the config. */
  bus?: Bus;
};

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export const buildApp = async ({ config, database, secretKey, logger, bus }: BuildAppOptions) => {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'body.password'],
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('config', config);
  app.decorate('secretKey', secretKey);

  // Collected for the route-permission test and for startup checks.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route as RouteOptions);
  });
  app.decorate('registeredRoutes', routes);

  const webDist = config.webDist ?? defaultWebDist;
  const indexHtml = fs.existsSync(path.join(webDist, 'index.html'))
    ? fs.readFileSync(path.join(webDist, 'index.html'), 'utf8')
    : undefined;
  const hasWeb = indexHtml !== undefined;

  await app.register(errorPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(cookie);
  // Before the auth plugin: a handshake refused by its hook must still be marked as a WebSocket
  // request, or its socket is never closed.
  await app.register(websocket, {
    options: { maxPayload: config.agentMaxMessageBytes },
    // A planned stop closes every socket with 1012 "service restart": agents then come back within
    // their restart spread instead of sitting out long exponential backoffs; consoles reconnect.
    preClose(this: FastifyInstance, done: () => void) {
      const { clients } = this.websocketServer;
      const reason = restartCloseReason(restartSpreadMs(clients.size, config.agentReconnectRatePerSecond));
      for (const client of clients) client.close(agentCloseCodes.RESTARTING, reason);
      done();
    },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new DomainError('RATE_LIMITED'),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'RMM console API',
        version: '0.1.0',
        description: 'Every call of the console, its agent and scripts.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'rmm_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The documentation pages and the console's files are public; every other route declares access.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), access: 'public' };
    });
    await scope.register(swaggerUi, {
      routePrefix: '/docs',
      uiConfig: { docExpansion: 'list' },
      staticCSP: true,
      transformStaticCSP: docsContentSecurityPolicy,
    });
    if (hasWeb) {
      // The console's files go out as the build compressed them (`name.br`, `name.gz` beside each, written by
      // apps/web/precompress-plugin.ts), never compressed again per request; what has no such file (the API
      // documentation's) is gzipped here. The hashed files under assets/ never change, so browsers keep them.
      await scope.register(compress, { global: true, encodings: ['gzip'] });
      await scope.register(fastifyStatic, {
        root: webDist,
        preCompressed: true,
        wildcard: false,
        index: false,
        decorateReply: false,
        cacheControl: false,
        setHeaders: (response, filePath) =>
          response.setHeader(
            'cache-control',
            filePath.startsWith(path.join(webDist, 'assets'))
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          ),
      });
    }
  });
  await app.register(authPlugin);
  await app.register(metricsPlugin);
  await app.register(busPlugin, { bus });
  await app.register(presencePlugin);
  await app.register(jobsPlugin);
  await app.register(helpIndexPlugin);
  await app.register(scheduledTasksPlugin);
  await app.register(demoRequestsPlugin);
  await app.register(attachmentsPlugin);
  await app.register(productsPlugin);
  await app.register(ticketingPlugin);
  await app.register(ticketMailPlugin);
  await app.register(backupPlugin);
  await app.register(notificationsPlugin);
  await app.register(ticketRulesEnginePlugin);
  await app.register(psaPlugin);

  await app.register(policiesPlugin);

  await app.register(monitoringPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(organizationRoutes);
  await app.register(activityRoutes);
  await app.register(settingsRoutes);
  await app.register(userRoutes);
  await app.register(credentialRoutes);
  await app.register(scriptRoutes);
  await app.register(mfaRoutes);
  await app.register(ssoRoutes);
  await app.register(dashboardRoutes);
  await app.register(deviceRoutes);
  await app.register(tagRoutes);
  await app.register(searchRoutes);
  await app.register(wakeOnLanRoutes);
  await app.register(jobRoutes);
  await app.register(scheduledTaskRoutes);
  await app.register(alertRoutes);
  await app.register(enrollmentRoutes);
  await app.register(agentGatewayRoutes);
  await app.register(eventRoutes);
  await app.register(helpRoutes);
  await app.register(brandingRoutes);
  await app.register(knowledgeBaseRoutes);
  await app.register(demoRequestRoutes);
  await app.register(attachmentRoutes);
  await app.register(productRoutes);
  await app.register(billingRoutes);
  await app.register(ticketRoutes);
  await app.register(ticketSetupRoutes);
  await app.register(ticketMailRoutes);
  await app.register(helpDeskRoutes);
  await app.register(backupRoutes);
  await app.register(notificationRoutes);
  await app.register(psaRoutes);

  await app.register(policyRoutes);
  await app.register(graphqlRoutes);

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = isApiPath(request.url);
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (hasWeb && wantsHtml && !isApi) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });
  return app;
};

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RouteOptions[];
  }
}

export type App = FastifyInstance;
