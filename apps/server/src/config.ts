import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BACKUP_REPOSITORY_MAX_FILE_BYTES, isValidEmail, NOTIFICATION_MAX_ATTEMPTS } from '@rmm/domain';
import { loadTicketMailConfig, type TicketMailConfig } from './modules/ticket-mail/config.ts';

/** Every setting comes from the environment; timings are settings so tests can shorten them. */
export type Config = {
  port: number;
  /** Accept queue length of the listening socket (capped by the kernel, net.core.somaxconn). */
  listenBacklog: number;
  /** Agents per second a restarted server expects back: a planned stop asks its agents to spread over count / this. */
  agentReconnectRatePerSecond: number;
  /** Messages per second read from one agent connection (after a burst); faster agents are read slower. */
  agentMessagesPerSecond: number;
  agentMessageBurst: number;
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
  /** Agents: how often a heartbeat is due (each one jittered by plus or minus half). */
  heartbeatIntervalSeconds: number;
  /** A device not heard from for this long is DOWN. */
  offlineThresholdSeconds: number;
  /** How often the sweeper looks for devices past the offline threshold. */
  statusSweepIntervalMs: number;
  /**
   * How often each process runs the alert sweeper: AFTER_TIME resets, flapping keys grown stable, DEVICE_DOWN
   * triggers that fell due, BACKUP_JOB checks.
   */
  alertSweepIntervalMs: number;
  /** Flap protection: a key that clears more than this many times within the window is flapping... */
  alertFlapCount: number;
  /** ...and its reset is held until it has not changed for this many minutes. */
  alertFlapWindowMinutes: number;
  /** Last-seen and metrics are kept in memory and written together this often. */
  presenceFlushIntervalMs: number;
  /** One stored metric sample per device per this many seconds (the mean of its heartbeats). */
  metricSampleSeconds: number;
  metricRetentionDays: number;
  enrollRatePerMinute: number;
  /** Largest agent WebSocket message (an inventory with its software list). */
  agentMaxMessageBytes: number;
  /** Prefix of every NATS subject, so that several installations can share one NATS. */
  natsSubjectPrefix: string;
  /** How long GET /node/{id}/wakeup waits for an agent to confirm it sent the magic packets. */
  wakeOnLanAckTimeoutMs: number;
  /** A job not delivered to its device within this many seconds is marked EXPIRED and never run. */
  jobExpirySeconds: number;
  /** How often queued jobs past their expiry are marked EXPIRED (and old idempotency keys pruned). */
  jobExpirySweepIntervalMs: number;
  /** How often each server process looks for scheduled tasks that are due. */
  schedulerIntervalMs: number;
  /** A scheduled occurrence missed while no server ran is run once at start when at most this old, else skipped. */
  schedulerMissedGraceMinutes: number;
  /** How long the answer of a request with an Idempotency-Key is kept for a retry. */
  idempotencyKeyTtlHours: number;
  /** Fastify's trustProxy: off, on (every hop), or a comma-separated list of trusted proxy addresses. */
  trustProxy: boolean | string;
  /** When set, GET /metrics needs `Authorization: Bearer <token>`; unset, only loopback may read it. */
  metricsToken: string | undefined;
  /** When set, /metrics is served only by a listener of its own on this port (not the console's). */
  metricsPort: number | undefined;
  /** The address of that listener; loopback unless told otherwise. */
  metricsHost: string;
  /**
   * How second-factor text messages go out: `twilio` (Twilio's Messages API), `log` (the code is written
   * to the server log: development only, and only when chosen), or unset (no SMS factor on this server).
   */
  smsSender: 'twilio' | 'log' | undefined;
  /** Twilio's API root (a test server's address in tests). */
  smsApiUrl: string;
  smsAccountSid: string | undefined;
  smsAuthToken: string | undefined;
  /** The sending number (E.164), or an alphanumeric sender ID where the destination allows one. */
  smsFrom: string | undefined;
  /** A user is sent at most one text-message code per this many seconds. */
  smsResendSeconds: number;
  /** How long a request to the SMS provider may take. */
  smsTimeoutMs: number;
  /** Duo Auth API: the API hostname (`api-xxxxxxxx.duosecurity.com`), integration key and secret key. */
  duoApiHost: string | undefined;
  duoIntegrationKey: string | undefined;
  duoSecretKey: string | undefined;
  /** Allows an `http://` DUO_API_HOST: a local test server only, never Duo's. */
  duoAllowHttp: boolean;
  /** How long a request to Duo may take; a host that does not answer in time is an error (503). */
  duoTimeoutMs: number;
  /** A user is sent at most one Duo push per this many seconds. */
  duoPushIntervalSeconds: number;
  /** Allows an `http://` single sign-on issuer: a local test provider only, never a real one. */
  ssoAllowHttp: boolean;
  /** How long a request to the identity provider may take; one that does not answer in time is an error. */
  ssoTimeoutMs: number;
  /** The help centre's articles (`<locale>/<slug>.md`), indexed at start; '' indexes nothing. */
  helpArticlesDir: string;
  /**
   * Outgoing mail: `smtp://[user:password@]host[:port]` (STARTTLS when the server offers it) or `smtps://`
   * (TLS from the start); unset, the server sends no mail.
   */
  smtpUrl: string | undefined;
  /** The sender of outgoing mail (`Name <address>` or an address). */
  mailFrom: string;
  /** How long connecting to, greeting and talking to the SMTP server may take. */
  smtpTimeoutMs: number;
  /** How often each server process reads the alert feed and sends the notifications that are due. */
  notificationIntervalMs: number;
  /** How long one webhook or chat request may take (connecting, sending, the answer's head). */
  notificationTimeoutMs: number;
  /** Attempts at one notification before it is FAILED for good. */
  notificationMaxAttempts: number;
  /** Multiplies the backoff between attempts (30 s, doubling, at most an hour); tests shorten it. */
  notificationBackoffFactor: number;
  /**
   * An alert event id missing from the feed (its transaction not committed yet, or rolled back) holds the
   * feed's cursor back at most this long.
   */
  notificationFeedGapSeconds: number;
  /** How often each server process runs the ticket rules' clock (due resets, time rules) and reads their feeds. */
  ticketRulesIntervalMs: number;
  /** An id missing from a feed the ticket rules read holds their cursor back at most this long. */
  ticketRulesFeedGapSeconds: number;
  /** GraphQL (`POST /graphql`): the deepest query accepted (introspection has a fixed limit of its own). */
  graphqlMaxDepth: number;
  /** ...its highest cost (a field 1, a list's selection counted 10 times, a mutation 10 more). */
  graphqlMaxCost: number;
  /** ...and the longest query text, in bytes. */
  graphqlMaxQueryBytes: number;
  /** Where backup demo requests are mailed; unset, they are only stored (and listed for administrators). */
  demoRequestEmail: string | undefined;
  /** Demo requests one technician may send per hour. */
  demoRequestsPerHour: number;
  /** How often unsent demo-request mails are retried (each failed one again at the next sweep). */
  demoRequestMailSweepIntervalMs: number;
  /** Attempts to mail one demo request before it stays FAILED. */
  demoRequestMailMaxAttempts: number;
  /** Attachments never put on a ticket are deleted once this old (with their bytes). */
  attachmentOrphanHours: number;
  /** How often each server process deletes orphaned attachments and the blob store's leftovers. */
  attachmentSweepIntervalMs: number;
  /** clamd (ClamAV's daemon): a TCP host and port, or a Unix socket path; unset, only the built-in checks run. */
  clamdHost: string | undefined;
  clamdPort: number;
  clamdSocket: string | undefined;
  /** How long clamd may take over one file (connect, send, verdict). */
  clamdTimeoutMs: number;
  /** The Zendesk account's root (`https://{subdomain}.zendesk.com`); unset, the `zendesk` help desk is off. */
  zendeskUrl: string | undefined;
  /** The agent whose API token signs in (`{email}/token:{api_token}`). */
  zendeskEmail: string | undefined;
  zendeskApiToken: string | undefined;
  /** Allows an `http://` ZENDESK_URL: a local test server only, never Zendesk's. */
  zendeskAllowHttp: boolean;
  zendeskTimeoutMs: number;
  /** A 429 whose Retry-After is at most this many seconds is waited out once; a longer one fails at once. */
  zendeskMaxRetryAfterSeconds: number;
  /**
   * Our fixed custom-field ids (1001–1004) mapped to the Zendesk account's ticket field ids
   * (`ZENDESK_CUSTOM_FIELDS=1001:360001,1003:360002`); unset, they are sent as they are.
   */
  zendeskCustomFieldIds: ReadonlyMap<number, number> | undefined;
  /** ConnectWise PSA (issue 22): allows an `http://` site, a local test server only, never ConnectWise's. */
  psaCwAllowHttp: boolean;
  /** How long one request to ConnectWise may take (answer and body). */
  psaCwTimeoutMs: number;
  /** Rows per page of ConnectWise lists (at most 1000). */
  psaCwPageSize: number;
  /** Pages of one list before it is given up as endless. */
  psaCwMaxPages: number;
  /** A 429 is retried this many times when its Retry-After is at most psaCwMaxRetryAfterSeconds. */
  psaCwMaxRetries: number;
  psaCwMaxRetryAfterSeconds: number;
  /** How long the companies, sites and other lists read from ConnectWise are kept (0: not kept). */
  psaCacheSeconds: number;
  /** How often each server process looks whether the scheduled sync is due. */
  psaSyncCheckIntervalMs: number;
  /** The server's backup store (CLOUD repositories, one folder per organization); default DATA_DIR/backup/strata. */
  backupStoreDir: string;
  /** With BACKUP_S3_BUCKET set, the store is that S3-compatible bucket instead of backupStoreDir. */
  backupS3: BackupS3Settings | undefined;
  /** Whether the server's store takes backups (`GET /divisionconfig/strata` answers it). */
  backupCloudEnabled: boolean;
  /** Largest repository file the store takes. */
  backupMaxFileBytes: number;
  /** How often each process prunes the cloud repositories (forgotten revisions past the engine's 72-hour hold). */
  backupPruneIntervalMs: number;
  /** Where the zips of EXTRACT restores wait for their download; default DATA_DIR/backup/extracts. */
  backupExtractDir: string;
  /** Largest extract zip an agent may upload. */
  backupExtractMaxBytes: number;
  /** How long an extract zip is kept after its upload. */
  backupExtractHours: number;
  /** How often each process removes extract zips older than that (and uploads cut off). */
  backupExtractSweepIntervalMs: number;
  /**
   * The file browser of a revision only on a device: how long to wait for a server process holding the device's
   * socket to take the request (none: the device is offline), and then for the agent's answer.
   */
  backupTreeDeliveryTimeoutMs: number;
  backupTreeTimeoutMs: number;
  /**
   * A policy's dry run: how long it waits for the devices' agents to sample the conditions the server cannot
   * judge (the whole wait), and how many devices it asks at once.
   */
  policyDryRunAgentTimeoutMs: number;
  policyDryRunAgentConcurrency: number;
  /** Mail into tickets and ticket mail out (TICKET_MAIL_*; modules/ticket-mail/config.ts). */
  ticketMail: TicketMailConfig;
  /** The ISO 4217 currency code printed on invoices (BILLING_CURRENCY). */
  billingCurrency: string;
};

/** The server's backup store in an S3-compatible bucket (`BACKUP_S3_*`). */
export type BackupS3Settings = {
  bucket: string;
  /** An S3-compatible service's URL (MinIO, Ceph, R2...); unset: AWS's endpoint of the region. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither; neither: the AWS SDK's default chain (AWS_ACCESS_KEY_ID..., a profile, an instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (most self-hosted services). */
  forcePathStyle: boolean;
  /** Before every object key, `''` or ending in `/` (`strata/`). */
  prefix: string;
  /** A connection or an answer silent for this long fails. */
  timeoutMs: number;
  /** Tries of a read, a look-up, a list or a delete, the first included (a streamed upload is tried once). */
  maxAttempts: number;
  /** Keys per ListObjectsV2 page (at most 1000). */
  listPageSize: number;
};

/** The repository's docs/help, beside apps/ (the default articles folder). */
const defaultHelpArticlesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../docs/help',
);

const smsSenderOf = (value: string | undefined): Config['smsSender'] => {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '') return undefined;
  if (text === 'twilio' || text === 'log') return text;
  throw new Error(`SMS_SENDER must be twilio or log (or unset), not ${JSON.stringify(value)}`);
};

/** TRUST_PROXY: unset, `0` or `false` is off; `1` or `true` trusts every hop; else the proxies' addresses. */
export const parseTrustProxy = (value: string | undefined): boolean | string => {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (text === '1' || text.toLowerCase() === 'true') return true;
  return text;
};

/** BILLING_CURRENCY: three capital letters (ISO 4217), USD when unset. */
const billingCurrencyOf = (value: string | undefined): string => {
  const code = value?.trim() || 'USD';
  if (!/^[A-Z]{3}$/.test(code)) {
    throw new Error(`BILLING_CURRENCY must be an ISO 4217 code such as EUR, not ${JSON.stringify(value)}`);
  }
  return code;
};

/** DEMO_REQUEST_EMAIL must be one plain address: a typo fails the start, not every request later. */
const demoRequestEmailOf = (value: string | undefined): string | undefined => {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  if (!isValidEmail(text))
    throw new Error(`DEMO_REQUEST_EMAIL must be an email address, not ${JSON.stringify(value)}`);
  return text;
};

/** The sender when MAIL_FROM is unset: no-reply at the console's host name. */
const defaultMailFrom = (publicUrl: string | undefined) => {
  try {
    return `no-reply@${publicUrl ? new URL(publicUrl).hostname : 'localhost'}`;
  } catch {
    return 'no-reply@localhost';
  }
};

/** `1001:360001,1003:360002` → our id → the account's id. */
export const parseCustomFieldIds = (value: string | undefined): ReadonlyMap<number, number> | undefined => {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  const pairs = text.split(',').map((pair) => {
    const match = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(pair);
    if (!match) throw new Error(`ZENDESK_CUSTOM_FIELDS: "${pair}" is not ourId:zendeskId`);
    return [Number(match[1]), Number(match[2])] as const;
  });
  return new Map(pairs);
};

/**
 * BACKUP_S3_BUCKET turns the bucket on; other BACKUP_S3_* settings without it, or a key id without its secret,
 * fail the start rather than leave backups quietly on the local disk.
 */
const backupS3Of = (env: NodeJS.ProcessEnv): BackupS3Settings | undefined => {
  const bucket = env.BACKUP_S3_BUCKET?.trim() ?? '';
  const others = ['ENDPOINT', 'ACCESS_KEY_ID', 'SECRET_ACCESS_KEY', 'PREFIX'].filter(
    (name) => env[`BACKUP_S3_${name}`],
  );
  if (bucket === '') {
    if (others.length > 0)
      throw new Error(`BACKUP_S3_${others[0]} is set but BACKUP_S3_BUCKET is not: name the bucket`);
    return undefined;
  }
  const accessKeyId = env.BACKUP_S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.BACKUP_S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error('BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY are set together, or neither');
  const endpoint = env.BACKUP_S3_ENDPOINT?.trim() || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]/i.test(endpoint))
    throw new Error(`BACKUP_S3_ENDPOINT must be an http(s) URL, not ${JSON.stringify(endpoint)}`);
  const prefix = (env.BACKUP_S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  return {
    bucket,
    endpoint,
    region: env.BACKUP_S3_REGION?.trim() || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: isOn(env.BACKUP_S3_FORCE_PATH_STYLE),
    prefix: prefix === '' ? '' : `${prefix}/`,
    timeoutMs: num(env.BACKUP_S3_TIMEOUT_MS, 60_000),
    maxAttempts: Math.max(1, num(env.BACKUP_S3_MAX_ATTEMPTS, 3)),
    listPageSize: Math.min(Math.max(1, num(env.BACKUP_S3_LIST_PAGE_SIZE, 1000)), 1000),
  };
};

/** ZENDESK_URL, or https://{ZENDESK_SUBDOMAIN}.zendesk.com; unset when neither is. */
const zendeskUrlOf = (env: NodeJS.ProcessEnv) => {
  if (env.ZENDESK_URL) return env.ZENDESK_URL.replace(/\/+$/, '');
  const subdomain = env.ZENDESK_SUBDOMAIN?.trim();
  if (!subdomain) return undefined;
  if (!/^[a-z0-9][a-z0-9-]*$/i.test(subdomain))
    throw new Error(`ZENDESK_SUBDOMAIN must be the account's subdomain, not ${JSON.stringify(subdomain)}`);
  return `https://${subdomain}.zendesk.com`;
};

const isOn = (value: string | undefined) => value === '1' || value?.toLowerCase() === 'true';

const num = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) ? parsed : fallback;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => ({
  port: num(env.PORT, 8080),
  listenBacklog: num(env.LISTEN_BACKLOG, 4096),
  agentReconnectRatePerSecond: num(env.AGENT_RECONNECT_RATE_PER_SECOND, 250),
  agentMessagesPerSecond: num(env.AGENT_MESSAGES_PER_SECOND, 100),
  agentMessageBurst: num(env.AGENT_MESSAGE_BURST, 1000),
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
  heartbeatIntervalSeconds: num(env.HEARTBEAT_INTERVAL_SECONDS, 30),
  offlineThresholdSeconds: num(env.OFFLINE_THRESHOLD_SECONDS, 90),
  statusSweepIntervalMs: num(env.STATUS_SWEEP_INTERVAL_MS, 10_000),
  alertSweepIntervalMs: num(env.ALERT_SWEEP_INTERVAL_MS, 15_000),
  alertFlapCount: num(env.ALERT_FLAP_COUNT, 5),
  alertFlapWindowMinutes: num(env.ALERT_FLAP_WINDOW_MINUTES, 30),
  presenceFlushIntervalMs: num(env.PRESENCE_FLUSH_INTERVAL_MS, 2_000),
  metricSampleSeconds: num(env.METRIC_SAMPLE_SECONDS, 300),
  metricRetentionDays: num(env.METRIC_RETENTION_DAYS, 7),
  enrollRatePerMinute: num(env.ENROLL_RATE_PER_MINUTE, 600),
  agentMaxMessageBytes: num(env.AGENT_MAX_MESSAGE_BYTES, 16 * 1_048_576),
  natsSubjectPrefix: env.NATS_SUBJECT_PREFIX || 'rmm',
  wakeOnLanAckTimeoutMs: num(env.WAKE_ON_LAN_ACK_TIMEOUT_MS, 5_000),
  jobExpirySeconds: num(env.JOB_EXPIRY_SECONDS, 7 * 86_400),
  jobExpirySweepIntervalMs: num(env.JOB_EXPIRY_SWEEP_INTERVAL_MS, 60_000),
  idempotencyKeyTtlHours: num(env.IDEMPOTENCY_KEY_TTL_HOURS, 24),
  schedulerIntervalMs: num(env.SCHEDULER_INTERVAL_MS, 15_000),
  schedulerMissedGraceMinutes: num(env.SCHEDULER_MISSED_GRACE_MINUTES, 60),
  trustProxy: parseTrustProxy(env.TRUST_PROXY),
  metricsToken: env.METRICS_TOKEN || undefined,
  metricsPort: env.METRICS_PORT ? num(env.METRICS_PORT, 0) : undefined,
  metricsHost: env.METRICS_HOST || '127.0.0.1',
  // The demo (on unless DEMO=0) writes text-message codes to the log, so the factor can be tried without
  // an SMS account; anywhere else only an explicit SMS_SENDER=log does.
  smsSender: smsSenderOf(env.SMS_SENDER) ?? (env.DEMO !== '0' ? 'log' : undefined),
  smsApiUrl: env.SMS_API_URL || 'https://api.twilio.com',
  smsAccountSid: env.SMS_ACCOUNT_SID || undefined,
  smsAuthToken: env.SMS_AUTH_TOKEN || undefined,
  smsFrom: env.SMS_FROM || undefined,
  smsResendSeconds: num(env.SMS_RESEND_SECONDS, 30),
  smsTimeoutMs: num(env.SMS_TIMEOUT_MS, 10_000),
  duoApiHost: env.DUO_API_HOST || undefined,
  duoIntegrationKey: env.DUO_INTEGRATION_KEY || undefined,
  duoSecretKey: env.DUO_SECRET_KEY || undefined,
  duoAllowHttp: env.DUO_ALLOW_HTTP === '1' || env.DUO_ALLOW_HTTP?.toLowerCase() === 'true',
  duoTimeoutMs: num(env.DUO_TIMEOUT_MS, 10_000),
  duoPushIntervalSeconds: num(env.DUO_PUSH_INTERVAL_SECONDS, 30),
  ssoAllowHttp: env.SSO_ALLOW_HTTP === '1' || env.SSO_ALLOW_HTTP?.toLowerCase() === 'true',
  ssoTimeoutMs: num(env.SSO_TIMEOUT_MS, 10_000),
  helpArticlesDir:
    env.HELP_ARTICLES_DIR === undefined
      ? defaultHelpArticlesDir
      : env.HELP_ARTICLES_DIR && path.resolve(env.HELP_ARTICLES_DIR),
  smtpUrl: env.SMTP_URL || undefined,
  mailFrom: env.MAIL_FROM?.trim() || defaultMailFrom(env.PUBLIC_URL),
  smtpTimeoutMs: num(env.SMTP_TIMEOUT_MS, 15_000),
  notificationIntervalMs: num(env.NOTIFICATION_INTERVAL_MS, 5_000),
  notificationTimeoutMs: num(env.NOTIFICATION_TIMEOUT_MS, 10_000),
  notificationMaxAttempts: Math.max(1, num(env.NOTIFICATION_MAX_ATTEMPTS, NOTIFICATION_MAX_ATTEMPTS)),
  notificationBackoffFactor: Math.max(0, num(env.NOTIFICATION_BACKOFF_FACTOR, 1)),
  notificationFeedGapSeconds: num(env.NOTIFICATION_FEED_GAP_SECONDS, 60),
  ticketRulesIntervalMs: num(env.TICKET_RULES_INTERVAL_MS, 15_000),
  ticketRulesFeedGapSeconds: num(env.TICKET_RULES_FEED_GAP_SECONDS, 60),
  graphqlMaxDepth: Math.max(1, num(env.GRAPHQL_MAX_DEPTH, 8)),
  graphqlMaxCost: Math.max(1, num(env.GRAPHQL_MAX_COST, 1000)),
  graphqlMaxQueryBytes: Math.max(256, num(env.GRAPHQL_MAX_QUERY_BYTES, 16_384)),
  demoRequestEmail: demoRequestEmailOf(env.DEMO_REQUEST_EMAIL),
  demoRequestsPerHour: num(env.DEMO_REQUESTS_PER_HOUR, 5),
  demoRequestMailSweepIntervalMs: num(env.DEMO_REQUEST_MAIL_SWEEP_INTERVAL_MS, 60_000),
  demoRequestMailMaxAttempts: num(env.DEMO_REQUEST_MAIL_MAX_ATTEMPTS, 10),
  attachmentOrphanHours: num(env.ATTACHMENT_ORPHAN_HOURS, 24),
  attachmentSweepIntervalMs: num(env.ATTACHMENT_SWEEP_INTERVAL_MS, 3_600_000),
  clamdHost: env.CLAMD_HOST || undefined,
  clamdPort: num(env.CLAMD_PORT, 3310),
  clamdSocket: env.CLAMD_SOCKET || undefined,
  clamdTimeoutMs: num(env.CLAMD_TIMEOUT_MS, 60_000),
  zendeskUrl: zendeskUrlOf(env),
  zendeskEmail: env.ZENDESK_EMAIL || undefined,
  zendeskApiToken: env.ZENDESK_API_TOKEN || undefined,
  zendeskAllowHttp: isOn(env.ZENDESK_ALLOW_HTTP),
  zendeskTimeoutMs: num(env.ZENDESK_TIMEOUT_MS, 60_000),
  zendeskMaxRetryAfterSeconds: num(env.ZENDESK_MAX_RETRY_AFTER_SECONDS, 10),
  zendeskCustomFieldIds: parseCustomFieldIds(env.ZENDESK_CUSTOM_FIELDS),
  psaCwAllowHttp: isOn(env.PSA_CW_ALLOW_HTTP),
  psaCwTimeoutMs: Math.max(100, num(env.PSA_CW_TIMEOUT_MS, 30_000)),
  psaCwPageSize: Math.min(Math.max(1, num(env.PSA_CW_PAGE_SIZE, 1000)), 1000),
  psaCwMaxPages: Math.max(1, num(env.PSA_CW_MAX_PAGES, 100)),
  psaCwMaxRetries: Math.max(0, num(env.PSA_CW_MAX_RETRIES, 3)),
  psaCwMaxRetryAfterSeconds: Math.max(0, num(env.PSA_CW_MAX_RETRY_AFTER_SECONDS, 30)),
  psaCacheSeconds: Math.max(0, num(env.PSA_CACHE_SECONDS, 60)),
  psaSyncCheckIntervalMs: Math.max(1000, num(env.PSA_SYNC_CHECK_INTERVAL_MS, 60_000)),
  backupStoreDir: path.resolve(
    env.BACKUP_STORE_DIR || path.join(env.DATA_DIR ?? './data', 'backup', 'strata'),
  ),
  backupS3: backupS3Of(env),
  backupCloudEnabled: env.BACKUP_CLOUD_ENABLED === undefined || isOn(env.BACKUP_CLOUD_ENABLED),
  backupMaxFileBytes: num(env.BACKUP_MAX_FILE_BYTES, BACKUP_REPOSITORY_MAX_FILE_BYTES),
  backupPruneIntervalMs: num(env.BACKUP_PRUNE_INTERVAL_MS, 6 * 3_600_000),
  backupExtractDir: path.resolve(
    env.BACKUP_EXTRACT_DIR || path.join(env.DATA_DIR ?? './data', 'backup', 'extracts'),
  ),
  backupExtractMaxBytes: num(env.BACKUP_EXTRACT_MAX_BYTES, 16 * 1024 ** 3),
  backupExtractHours: num(env.BACKUP_EXTRACT_HOURS, 24),
  backupExtractSweepIntervalMs: num(env.BACKUP_EXTRACT_SWEEP_INTERVAL_MS, 3_600_000),
  backupTreeDeliveryTimeoutMs: num(env.BACKUP_TREE_DELIVERY_TIMEOUT_MS, 3_000),
  backupTreeTimeoutMs: num(env.BACKUP_TREE_TIMEOUT_MS, 30_000),
  policyDryRunAgentTimeoutMs: num(env.POLICY_DRY_RUN_AGENT_TIMEOUT_MS, 15_000),
  policyDryRunAgentConcurrency: num(env.POLICY_DRY_RUN_AGENT_CONCURRENCY, 50),
  ticketMail: loadTicketMailConfig(env),
  billingCurrency: billingCurrencyOf(env.BILLING_CURRENCY),
});
