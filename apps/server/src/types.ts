import type { OrganizationScope, Permission, RouteAccess } from '@rmm/domain';

/** Who is calling: passed to every service with the organization scope. */
export type Actor = {
  id: number;
  email: string;
  name: string;
  roleName: string;
  roleId?: number;
  permissions: ReadonlySet<Permission>;
  scope: OrganizationScope;
  via: 'session' | 'token';
  sessionId?: string;
  /** A restricted enrolment session (MFA required, no factor yet): it may only set up an authenticator app. */
  enrolment?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a route needs: every route declares one (a test walks them all). */
    access?: RouteAccess;
    /** Activity action written on success by the service and on failure by the error plugin. */
    activity?: string;
    /** A GET that changes state (the spec's wakeup, academy login): Origin-checked like a POST. */
    stateChanging?: boolean;
    /** A GET that opens a WebSocket for a browser (the console's /events): Origin-checked like a POST. */
    requireOrigin?: boolean;
    /**
     * Called by agents, not browsers (enrolment, the agent WebSocket): no session is read and no
     * Origin is required; the route must be `public` and authenticates the device itself.
     */
    isAgentEndpoint?: boolean;
    /**
     * Also open to the restricted enrolment session (MFA required, no factor yet) of the MFA cookie:
     * setting up an authenticator app at sign-in. Every other route refuses it (no session: 401).
     */
    enrolment?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    db: import('./db/database.ts').Db;
    database: import('./db/database.ts').Database;
    config: import('./config.ts').Config;
    secretKey: Buffer;
  }
}
