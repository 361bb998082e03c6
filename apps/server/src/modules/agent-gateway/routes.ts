import { AGENT_WS_PATH } from '@rmm/domain';
import type { FastifyPluginAsync } from 'fastify';
import client from 'prom-client';
import { type AuthenticatedAgent, authenticateDevice } from './auth.ts';
import { type AgentRegistry, handleAgentSocket } from './connection.ts';
import { startKeepalive } from './keepalive.ts';

const KEEPALIVE_MS = 45_000;

/** The agent gateway: `GET /agent/ws`, authenticated by the device secret at the handshake. */
export const agentGatewayRoutes: FastifyPluginAsync = async (app) => {
  const registry: AgentRegistry = new Map();
  app.decorateRequest('agent', null);
  const stopKeepalive = startKeepalive(() => registry.values(), KEEPALIVE_MS);
  new client.Gauge({
    name: 'agent_connections',
    help: 'Agent WebSocket connections this process holds',
    registers: [app.metrics],
    collect() {
      this.set(registry.size);
    },
  });
  const throttled = new client.Counter({
    name: 'agent_message_throttle_pauses_total',
    help: 'Times an agent connection sent faster than AGENT_MESSAGES_PER_SECOND and was read more slowly',
    registers: [app.metrics],
  });
  app.addHook('onClose', async () => stopKeepalive());

  app.get(
    AGENT_WS_PATH,
    {
      websocket: true,
      // Thousands of agents reconnect at once after a restart: their handshakes are not logged one by one
      // (refusals still are, as warnings).
      logLevel: 'warn',
      // Public to the user-session check: the device authenticates itself below, before the upgrade.
      config: { access: 'public', isAgentEndpoint: true },
      preHandler: async (request) => {
        request.agent = await authenticateDevice(app.db, request.headers.authorization);
      },
    },
    (socket, request) =>
      handleAgentSocket(app, registry, socket, request.agent!, { onThrottle: () => throttled.inc() }),
  );
};

declare module 'fastify' {
  interface FastifyRequest {
    agent: AuthenticatedAgent | null;
  }
}
