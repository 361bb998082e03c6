import path from 'node:path';

/** Every setting comes from the environment; timings are settings so tests can shorten them. */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  natsUrl: string | undefined;
  secretKey: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  publicUrl: string | undefined;
  allowedOrigins: string[];
  demo: boolean;
  logLevel: string;
  webDist: string | undefined;
  sessionTtlHours: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  loginRatePerMinute: number;
  bodyLimitBytes: number;
};

const num = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) ? parsed : fallback;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => ({
  port: num(env.PORT, 8080),
  host: env.HOST ?? '0.0.0.0',
  dataDir: path.resolve(env.DATA_DIR ?? './data'),
  databaseUrl: env.DATABASE_URL || undefined,
  natsUrl: env.NATS_URL || undefined,
  secretKey: env.SECRET_KEY || undefined,
  adminEmail: env.ADMIN_EMAIL || undefined,
  adminPassword: env.ADMIN_PASSWORD || undefined,
  publicUrl: env.PUBLIC_URL || undefined,
  allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  demo: env.DEMO !== '0',
  logLevel: env.LOG_LEVEL ?? 'info',
  webDist: env.WEB_DIST,
  sessionTtlHours: num(env.SESSION_TTL_HOURS, 12),
  loginMaxFailures: num(env.LOGIN_MAX_FAILURES, 5),
  loginLockMinutes: num(env.LOGIN_LOCK_MINUTES, 15),
  loginRatePerMinute: num(env.LOGIN_RATE_PER_MINUTE, 20),
  bodyLimitBytes: num(env.BODY_LIMIT_BYTES, 1_048_576),
});
