// @both-databases: every route once on the embedded database, as `npm start` serves it, and on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { builtInRoles, defaultHealthStatusSettings, type Permission, type RouteAccess } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganizationInput, createTestApp, ORIGIN, type TestContext } from '../test/helpers.ts';
import { alerts, attachments, devices, users } from './db/schema.ts';
import { signAttachmentUrl } from './modules/attachments/signed-url.ts';
import { hashPassword } from './modules/auth/service.ts';
import { signExtractUrl } from './modules/backup/extract-url.ts';
import { insertRevision, planBody, restoreJob } from './modules/backup/test-fixtures.ts';
import { createRulesetRequest } from './modules/ticket-rulesets/test-fixtures.ts';

/**
 * The authorization matrix (issue 13): every registered route × every built-in technician role × own and
 * foreign organization. Without a session: 401. Without the permission: 403. Another organization's id:
 * 404, the same answer as a missing one. Otherwise an answer that shows the request got past
 * authorization. A route without an entry here fails the first test.
 */

type Who = {
  role: string;
  id: number;
  email: string;
  password: string;
  cookie: string;
  permissions: ReadonlySet<string>;
};
type Target = { url: string; body?: unknown; cookie?: string };
type Make = (who: Who) => Promise<Target>;
type Entry = {
  /** What the request needs beyond the route's own access (a job type's or an action's permission). */
  requires?: Permission[];
  /** The request on the caller's own organization (a fresh object when the request changes it). */
  own: Make;
  /** The same request on another organization's object: 404. */
  foreign?: Make;
  /** The statuses that show the request got past authorization (default: 2xx). */
  ok?: number[];
  /** Run as the role's user whose scope is every organization (the request needs that scope). */
  allOrganizations?: boolean;
  /** Why the route has no 401 check (agents authenticate the device; public pages). */
  noSession?: 'public' | 'device';
};

let ctx: TestContext;
const fx = {} as {
  orgA: { id: number; locationId: number };
  orgB: { id: number; locationId: number };
  deviceA: number;
  deviceB: number;
  jobA: string;
  jobB: string;
  tokenB: number;
  contactA: number;
  contactB: number;
  endUserB: number;
  searchId: number;
  credentialB: number;
  taskA: number;
  taskB: number;
  taskRunA: number;
  taskRunB: number;
  scriptId: number;
  policyId: number;
  kbFolder: number;
  kbArticleA: number;
  kbArticleB: number;
  backupPlanA: string;
  backupPlanB: string;
  revisionA: string;
  revisionB: string;
  backupJobA: string;
  backupJobB: string;
  extractJobA: string;
  extractJobB: string;
  throttleB: number;
  supportTicket: number;
  attachment: string;
  notificationChannel: number;
  ticketMailbox: number;

  alertA: number;
  alertB: number;
  ticketA: number;
  ticketB: number;
  ticketBoard: number;
  ticketForm: number;
  ticketTeam: number;
  product: number;
  agreementA: number;
  agreementB: number;
  invoiceA: number;
  invoiceB: number;
  windowA: number;
  windowB: number;
  roleIds: Map<string, number>;
};
/** Per built-in technician role: a user scoped to orgA, and one who sees every organization. */
const scoped = new Map<string, Who>();
const unscoped = new Map<string, Who>();

const unique = () => randomUUID().slice(0, 8);
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  ctx.request(method, url, body);
const created = async (method: 'POST', url: string, body: unknown) => {
  const response = await admin(method, url, body);
  if (response.statusCode !== 201 && response.statusCode !== 200)
    throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
};
const newOrganization = async () => {
  const org = await created('POST', '/organizations', createOrganizationInput());
  return { id: org.id as number, locationId: org.locations[0].id as number };
};
const newDevice = async (organizationId: number) => {
  const [row] = await ctx.db
    .insert(devices)
    .values({ organizationId, displayName: `PC-${unique()}` })
    .returning({ id: devices.id });
  return row!.id;
};
const newJob = async (deviceId: number) => {
  const answer = await created('POST', '/webapp/submit/job', {
    nodes: [
      { nodeId: deviceId, jobs: [{ jobType: 'ACTION', jobName: 'matrix', content: { builtin: 'REBOOT' } }] },
    ],
  });
  return answer.nodes[0].jobs[0].jobUid as string;
};
const newContact = async (organizationId: number) =>
  (await created('POST', '/contacts', { organizationId, name: `Contact ${unique()}` })).id as number;
const newToken = async (organizationId: number) =>
  (await created('POST', '/enrollment-tokens', { organizationId, ttlHours: 1 })).id as number;
const newInvited = async (roleName = 'Read-only') =>
  (
    await created('POST', '/users', {
      email: `matrix-${unique()}@test.local`,
      name: 'Matrix user',
      roleId: fx.roleIds.get(roleName),
      organizationScope: [fx.orgA.id],
    })
  ).user.id as number;
const newEndUser = async (organizationId: number) =>
  (
    await created('POST', '/users', {
      email: `end-${unique()}@test.local`,
      name: 'End user',
      userType: 'END_USER',
      roleId: fx.roleIds.get('End user'),
      organizationId,
    })
  ).user.id as number;
const newCustomRole = async () =>
  (
    await created('POST', '/user-roles', {
      name: `Custom ${unique()}`,
      roleType: 'TECHNICIAN',
      permissions: [],
    })
  ).id as number;
const credentialBody = () => ({
  name: `Cred ${unique()}`,
  kind: 'LINUX',
  username: 'root',
  password: 'a password',
});
const newCredential = async (organizationId: number) =>
  (await created('POST', `/credential/organization/${organizationId}`, credentialBody())).id as number;
const scriptBody = () => ({
  name: `Script ${unique()}`,
  language: 'sh',
  operatingSystems: ['LINUX'],
  code: 'echo matrix',
});
const newScript = async () => (await created('POST', '/scripts', scriptBody())).script.id as number;
const newSearch = async () =>
  (
    await created('POST', '/searches', {
      search: `Search ${unique()}`,
      criteria: { match: 'all', rules: [] },
    })
  ).id as number;

const taskBody = (deviceId: number) => ({
  name: `Task ${unique()}`,
  schedule: { scheduleType: 'NO_SCHEDULE', timeZone: 'UTC' },
  actions: [{ scriptId: fx.scriptId }],
  targets: { deviceIds: [deviceId] },
});
const newTask = async (deviceId: number) =>
  (await created('POST', '/scheduled-tasks', taskBody(deviceId))).task.id as number;
const newTaskRun = async (taskId: number) =>
  (await created('POST', `/scheduled-tasks/${taskId}/run`, undefined)).run.id as number;
const newKbArticle = async (organizationId: number) =>
  (
    await created('POST', '/knowledge-base/articles', {
      title: `KB ${unique()}`,
      organizationIds: [organizationId],
    })
  ).article.id as number;
const policyBody = () => ({
  name: `Policy ${unique()}`,
  nodeClass: 'LINUX_SERVER',
  conditions: [
    {
      id: randomUUID(),
      name: 'CPU',
      severity: 'MAJOR',
      priority: 'HIGH',
      reset: { mode: 'WHEN_CLEARED' },
      type: 'CPU',
      parameters: { thresholdPercent: 90, durationMinutes: 5 },
    },
  ],
});
const newPolicy = async () => (await created('POST', '/policies', policyBody())).policy.id as number;
const dynamicPolicyBody = () => ({
  name: `Dynamic ${unique()}`,
  enabled: false,
  criteria: { match: 'all', rules: [] },
  policyId: fx.policyId,
});
const newDynamicPolicy = async () =>
  (await created('POST', '/dynamic-policies', dynamicPolicyBody())).dynamicPolicy.id as number;
const newTag = async () =>
  (await created('POST', '/devices/tags', { name: `matrix-${unique()}` })).tag.id as number;
const newKbFolder = async () =>
  (await created('POST', '/knowledge-base/folders', { name: `Folder ${unique()}` })).folder.id as number;
const helpTicketBody = () => ({
  priority: 'LOW',
  subject: `Help ${unique()}`,
  comment: { body: 'Matrix', uploads: [] },
  customFields: [],
  ccEmails: [],
});
const newSupportTicket = async () =>
  Number((await created('POST', '/ws/support/ticket', helpTicketBody())).ticketId);
const uploadBody = () => ({ file: Buffer.from('matrix').toString('base64'), fileName: `m-${unique()}.txt` });
/** An attachment record of this user's (written directly: roles without helpTickets.submit cannot upload). */
const newAttachmentOf = async (uploaderId: number) => {
  const id = randomUUID();
  await ctx.db.insert(attachments).values({
    id,
    uploaderId,
    helpDesk: 'support',
    name: 'matrix.txt',
    extension: 'txt',
    mimeType: 'text/plain',
    size: 0,
    sha256: '0'.repeat(64),
    status: 'SUCCESS',
    hasContent: false,
  });
  return id;
};

const newBackupPlan = async (organizationId: number) =>
  (
    await created('POST', `/backup/strata/clients/${organizationId}/plans`, {
      ...planBody(),
      targets: { allDevices: true },
    })
  ).plan.planId as string;
const newBackupJob = async (deviceId: number, planId: string) =>
  (
    await created('POST', '/webapp/submit/job', {
      nodes: [
        {
          nodeId: deviceId,
          jobs: [
            {
              jobType: 'BACKUP',
              jobName: 'matrix backup',
              content: {
                nodeId: deviceId,
                planId,
                nodeName: 'PC',
                planName: 'P',
                actionType: 'STRATA_BACKUP',
              },
            },
          ],
        },
      ],
    })
  ).nodes[0].jobs[0].jobUid as string;
const throttleBody = (level: string, targetId?: number) => ({
  level,
  ...(targetId === undefined ? {} : { targetId }),
  workHoursBytesPerSecond: 1_048_576,
  offHoursBytesPerSecond: null,
  workHours: { weekDays: ['MONDAY'], start: '08:00', end: '18:00', timeZone: 'UTC' },
});
const newThrottle = async (organizationId: number, deviceId: number) => {
  const response = await admin(
    'PUT',
    `/backup/strata/clients/${organizationId}/throttles`,
    throttleBody('DEVICE', deviceId),
  );
  return response.json().throttle.id as number;
};

const channelBody = () => ({
  type: 'EMAIL',
  name: `Channel ${unique()}`,
  config: { recipients: ['matrix@test.local'] },
});
const newChannel = async () => (await created('POST', '/notification-channels', channelBody())).id as number;
const mailboxBody = () => ({ address: `matrix-${unique()}@msp.test` });
const newTicketMailbox = async () => (await created('POST', '/ticket-mailboxes', mailboxBody())).id as number;

const psaSettingsWithoutKeys = () => ({
  site: 'cw.example.com',
  companyId: 'matrix',
  clientId: 'matrix-client',
});
const psaMappingBody = () => ({
  companyId: 7,
  productMappingId: null,
  configurationTypeMappingId: null,
  locationSiteMappings: [],
});
const psaProductMappingBody = () => ({
  name: `Products ${unique()}`,
  rules: [{ nodeRoleId: 2, catalogItemId: 11 }],
});
const psaConfigurationTypeMappingBody = () => ({
  name: `Types ${unique()}`,
  statusOnCreateId: null,
  statusOnDeleteId: null,
  rules: [{ nodeRoleId: 2, configurationTypeId: 21 }],
});

/** An ACTIVE alert of the device (written directly: alerts come from the engine). */
const newAlert = async (deviceId: number, organizationId: number) => {
  const [row] = await ctx.db
    .insert(alerts)
    .values({
      deviceId,
      organizationId,
      conditionId: randomUUID(),
      conditionName: 'Matrix CPU',
      conditionType: 'CPU',
      severity: 'MINOR',
      priority: 'LOW',
      triggerTime: new Date(),
    })
    .returning({ id: alerts.id });
  return row!.id;
};
const windowBody = (organizationId: number) => ({
  name: `Window ${unique()}`,
  organizationId,
  startTime: new Date().toISOString(),
  endTime: new Date(Date.now() + 3_600_000).toISOString(),
});
const newWindow = async (organizationId: number) =>
  (await created('POST', '/maintenance-windows', windowBody(organizationId))).id as number;

const newTicket = async (organizationId: number) =>
  (await created('POST', '/tickets', { organizationId, subject: `Ticket ${unique()}` })).ticket.id as number;
const newTicketBoard = async () =>
  (await created('POST', '/ticket-boards', { name: `Board ${unique()}` })).board.id as number;
const newTicketForm = async () =>
  (await created('POST', '/ticket-forms', { name: `Form ${unique()}` })).form.id as number;
const productBody = () => ({
  name: `Product ${unique()}`,
  description: 'Matrix',
  type: 'HARDWARE',
  content: {
    price: '10.00',
    cost: null,
    taxable: true,
    quantity: 1,
    licensingType: 'PERPETUAL',
    term: 'ANNUAL',
    billing: 'BILLABLE',
  },
  productUserRole: { allowAllTechnicians: true, userRoles: [] },
});
const newProduct = async () => (await created('POST', '/products', productBody())).product.id as number;
const agreementBody = (organizationId: number) => ({
  organizationId,
  name: `Agreement ${unique()}`,
  billingInterval: 'MONTHLY',
  startDate: '2025-01-01',
});
const newAgreement = async (organizationId: number) =>
  (await created('POST', '/billing/agreements', agreementBody(organizationId))).agreement.id as number;
const newTemplate = async () =>
  (
    await created('POST', '/billing/agreement-templates', {
      name: `Template ${unique()}`,
      billingInterval: 'QUARTERLY',
    })
  ).template.id as number;
/** The first period's invoice of a new agreement of the organization. */
const newInvoice = async (organizationId: number) => {
  const agreementId = await newAgreement(organizationId);
  const made = await created('POST', '/billing/invoices/generate', { agreementId, asOf: '2025-01-01' });
  return made.invoices[0].id as number;
};
const newTicketProduct = async (ticketId: number) =>
  (await created('POST', `/tickets/${ticketId}/products`, { name: 'Cable', price: '1', quantity: '1' }))
    .product.id as number;
const newTimeEntry = async (ticketId: number) =>
  (await created('POST', `/tickets/${ticketId}/time-entries`, { durationSeconds: 60 })).entry.id as number;
const newTicketTeam = async () =>
  (await created('POST', '/ticket-setup/teams', { name: `Team ${unique()}` })).item.id as number;

const signIn = async (email: string, password: string) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { origin: ORIGIN },
    payload: { email, password },
  });
  const cookie = response.cookies.find((c) => c.name === 'rmm_session');
  if (!cookie) throw new Error(`sign-in of ${email}: ${response.statusCode} ${response.body}`);
  return `rmm_session=${cookie.value}`;
};

const makeUser = async (role: (typeof builtInRoles)[number], scope: 'all' | number[]): Promise<Who> => {
  const email = `${role.name.toLowerCase().replace(/[^a-z]/g, '')}-${unique()}@test.local`;
  const password = `password of ${email}`;
  const [row] = await ctx.db
    .insert(users)
    .values({
      email,
      name: role.name,
      passwordHash: await hashPassword(password),
      roleId: fx.roleIds.get(role.name)!,
      organizationScope: scope,
    })
    .returning({ id: users.id });
  return {
    role: role.name,
    id: row!.id,
    email,
    password,
    cookie: await signIn(email, password),
    permissions: new Set(role.permissions),
  };
};

const job = (deviceId: number) => ({
  nodes: [
    {
      nodeId: deviceId,
      jobs: [{ jobType: 'ACTION', jobName: 'matrix', content: { script: { language: 'sh', code: 'true' } } }],
    },
  ],
});
const firstPermission = (who: Who) => [...who.permissions].sort()[0]!;

const get = (url: (who: Who) => string, foreign?: (who: Who) => string): Pick<Entry, 'own' | 'foreign'> => ({
  own: async (who) => ({ url: url(who) }),
  ...(foreign ? { foreign: async (who: Who) => ({ url: foreign(who) }) } : {}),
});

/** One entry per route ("METHOD /path" as registered); HEAD routes reuse their GET entry. */
const matrix: Record<string, Entry> = {
  // ---------------------------------------------------------------- public and device-authenticated
  'GET /healthz': { noSession: 'public', ...get(() => '/healthz') },
  'GET /metrics': { noSession: 'public', ...get(() => '/metrics') },
  'GET /docs/json': { noSession: 'public', ...get(() => '/docs/json') },
  'GET /docs/yaml': { noSession: 'public', ...get(() => '/docs/yaml') },
  'GET /docs/static/index.html': {
    noSession: 'public',
    ok: [200, 302],
    ...get(() => '/docs/static/index.html'),
  },
  'GET /docs/static/swagger-initializer.js': {
    noSession: 'public',
    ...get(() => '/docs/static/swagger-initializer.js'),
  },
  'HEAD,GET /docs/static/*': { noSession: 'public', ...get(() => '/docs/static/swagger-ui.css') },
  'HEAD /docs': { noSession: 'public', ok: [200, 302], ...get(() => '/docs') },
  'HEAD /docs/': { noSession: 'public', ok: [200, 302], ...get(() => '/docs/') },
  'GET /docs/': { noSession: 'public', ok: [200, 302], ...get(() => '/docs/') },
  'POST /auth/login': {
    noSession: 'public',
    own: async (who) => ({ url: '/auth/login', body: { email: who.email, password: who.password } }),
  },
  'GET /auth/invitation/:token': {
    noSession: 'public',
    // An unknown link is a 404 for everyone: the answer shows the route ran, past any session check.
    ok: [404],
    ...get(() => `/auth/invitation/${'x'.repeat(43)}`),
  },
  'POST /auth/invitation/:token': {
    noSession: 'public',
    ok: [404],
    own: async () => ({
      url: `/auth/invitation/${'x'.repeat(43)}`,
      body: { password: 'long enough password' },
    }),
  },
  'GET /auth/sso': { noSession: 'public', ...get(() => '/auth/sso') },
  // Single sign-on answers redirects only (here to the sign-in page: it is off).
  'GET /auth/sso/start': { noSession: 'public', ok: [302], ...get(() => '/auth/sso/start') },
  'GET /auth/sso/callback': {
    noSession: 'public',
    ok: [302],
    ...get(() => '/auth/sso/callback?code=x&state=y'),
  },
  'POST /agent/enroll': {
    noSession: 'device',
    ok: [401],
    own: async () => ({
      url: '/agent/enroll',
      body: { token: 'not-a-token', hostname: 'h', platform: 'linux' },
    }),
  },
  'GET /agent/ws': { noSession: 'device', ok: [401, 404], ...get(() => '/agent/ws') },

  'POST /auth/mfa/verify': {
    noSession: 'public',
    // Without the MFA-pending cookie of a password step: 401 for everyone, after the route ran.
    ok: [401],
    own: async () => ({ url: '/auth/mfa/verify', body: { type: 'TOTP', code: '123456' } }),
  },
  'POST /auth/mfa/webauthn/options': {
    noSession: 'public',
    // Without the MFA-pending cookie of a password step: 401 for everyone, after the route ran.
    ok: [401],
    own: async () => ({ url: '/auth/mfa/webauthn/options' }),
  },
  // The sign-in's SMS code and Duo push need the MFA-pending cookie: 401 for everyone, after the route ran.
  'POST /auth/mfa/sms/send': {
    noSession: 'public',
    ok: [401],
    own: async () => ({ url: '/auth/mfa/sms/send' }),
  },
  'POST /auth/mfa/duo/push': {
    noSession: 'public',
    ok: [401],
    own: async () => ({ url: '/auth/mfa/duo/push' }),
  },

  // ---------------------------------------------------------------- session
  'GET /auth/me': get(() => '/auth/me'),
  // The help centre: any signed-in user reads it (an unknown article is a 404 after the route ran).
  'GET /help/search': get(() => '/help/search?q=device'),
  'GET /help/articles/:slug': { ok: [200, 404], ...get(() => '/help/articles/enrol-a-device') },
  'GET /help/suggestions': get(() => '/help/suggestions?path=/deviceDashboard/1/overview'),
  'POST /help/client-errors': {
    ok: [202],
    own: async () => ({ url: '/help/client-errors', body: { source: 'help.search', message: 'matrix' } }),
  },
  'POST /auth/logout': {
    // A session of its own, so the caller's is kept for the rest of the matrix.
    own: async (who) => ({ url: '/auth/logout', cookie: await signIn(who.email, who.password) }),
  },
  'GET /events': { ok: [404, 400, 426], ...get(() => '/events') },

  // Second factors: one's own (any signed-in technician), an administrator's view and reset.
  'GET /auth/mfa': get(() => '/auth/mfa'),
  'POST /auth/mfa/totp/setup': { own: async () => ({ url: '/auth/mfa/totp/setup' }) },
  // A wrong first code: refused by the service (400), past authorization.
  'POST /auth/mfa/totp/confirm': {
    ok: [400, 409],
    own: async () => ({ url: '/auth/mfa/totp/confirm', body: { code: '000000' } }),
  },
  'POST /auth/mfa/webauthn/register/options': {
    own: async () => ({ url: '/auth/mfa/webauthn/register/options' }),
  },
  // An answer to no challenge: refused by the service (409), past authorization.
  'POST /auth/mfa/webauthn/register/verify': {
    ok: [409],
    own: async () => ({
      url: '/auth/mfa/webauthn/register/verify',
      body: {
        response: {
          id: 'AAAA',
          rawId: 'AAAA',
          type: 'public-key',
          response: {
            clientDataJSON: Buffer.from(JSON.stringify({ challenge: 'none' })).toString('base64url'),
            attestationObject: 'AAAA',
          },
          clientExtensionResults: {},
        },
      },
    }),
  },
  // SMS and Duo are not configured on the matrix's server: 409, past authorization.
  'POST /auth/mfa/sms/setup': {
    ok: [409],
    own: async () => ({ url: '/auth/mfa/sms/setup', body: { phone: '+15551234567' } }),
  },
  'POST /auth/mfa/sms/confirm': {
    ok: [409],
    own: async () => ({ url: '/auth/mfa/sms/confirm', body: { code: '000000' } }),
  },
  'POST /auth/mfa/duo/enable': { ok: [409], own: async () => ({ url: '/auth/mfa/duo/enable' }) },
  // No factor yet: nothing to stand in for (409), past authorization.
  'POST /auth/mfa/recovery-codes': { ok: [409], own: async () => ({ url: '/auth/mfa/recovery-codes' }) },
  'DELETE /auth/mfa/factors/:factorId': {
    ok: [404],
    own: async () => ({ url: '/auth/mfa/factors/2147483647' }),
  },
  'GET /users/:id/mfa': get(
    (who) => `/users/${who.id}/mfa`,
    () => `/users/${fx.endUserB}/mfa`,
  ),
  'DELETE /users/:id/mfa': {
    own: async () => ({ url: `/users/${await newInvited()}/mfa` }),
    foreign: async () => ({ url: `/users/${fx.endUserB}/mfa` }),
  },

  // ---------------------------------------------------------------- organizations
  'GET /organizations': get(() => '/organizations'),
  'GET /organizations/:id': get(
    () => `/organizations/${fx.orgA.id}`,
    () => `/organizations/${fx.orgB.id}`,
  ),
  'GET /client/:id': get(
    () => `/client/${fx.orgA.id}`,
    () => `/client/${fx.orgB.id}`,
  ),
  'POST /organizations': {
    allOrganizations: true,
    own: async () => ({ url: '/organizations', body: createOrganizationInput() }),
  },
  'PATCH /organizations/:id': {
    own: async () => ({ url: `/organizations/${fx.orgA.id}`, body: { description: `changed ${unique()}` } }),
    foreign: async () => ({ url: `/organizations/${fx.orgB.id}`, body: { description: 'changed' } }),
  },
  'DELETE /organizations/:id': {
    allOrganizations: true,
    own: async () => ({ url: `/organizations/${(await newOrganization()).id}` }),
  },
  'GET /dashboard/summary': get(() => '/dashboard/summary'),
  'GET /dashboard/devices-by-organization': get(() => '/dashboard/devices-by-organization'),
  'GET /activities': get(() => '/activities'),
  'GET /settings/feature-flags': get(() => '/settings/feature-flags'),
  'GET /settings/security': get(() => '/settings/security'),
  'GET /settings/health-status': get(() => '/settings/health-status'),
  'PUT /settings/health-status': {
    own: async () => ({ url: '/settings/health-status', body: defaultHealthStatusSettings() }),
  },
  'PUT /settings/security': {
    own: async () => ({ url: '/settings/security', body: { sessionIdleMinutes: 480 } }),
  },
  'GET /settings/sso': get(() => '/settings/sso'),
  // Off, no mappings: nothing to grant, so every holder of users.manage gets through.
  'PUT /settings/sso': { own: async () => ({ url: '/settings/sso', body: { enabled: false } }) },
  'PUT /settings/feature-flags': {
    own: async () => ({ url: '/settings/feature-flags', body: { dark_mode: true } }),
  },
  // Branding, video tutorials, tooltips and the academy (issue 16).
  'GET /branding': { noSession: 'public', ...get(() => '/branding') },
  'GET /branding/logo': { noSession: 'public', ok: [200, 404], ...get(() => '/branding/logo') },
  'GET /settings/branding': get(() => '/settings/branding'),
  'PUT /settings/branding': {
    own: async () => ({ url: '/settings/branding', body: { help: { articles: true } } }),
  },
  // A file that is not an image: refused (422) after authorization, so nothing is stored.
  'PUT /settings/branding/logo': {
    ok: [422],
    own: async () => ({
      url: '/settings/branding/logo',
      body: {
        file: Buffer.from('<html></html>').toString('base64'),
        fileName: 'a.png',
        mimeType: 'image/png',
      },
    }),
  },
  'DELETE /settings/branding/logo': { own: async () => ({ url: '/settings/branding/logo' }) },
  'GET /settings/video-tutorials': get(() => '/settings/video-tutorials'),
  'PUT /settings/video-tutorials': {
    own: async () => ({ url: '/settings/video-tutorials', body: { topics: [] } }),
  },
  'GET /help/video-tutorials': get(() => '/help/video-tutorials'),
  'GET /help/tooltips': get(() => '/help/tooltips'),
  'PUT /help/tooltips': { own: async () => ({ url: '/help/tooltips', body: { dismissed: [] } }) },
  'GET /settings/academy': get(() => '/settings/academy'),
  'PUT /settings/academy': { own: async () => ({ url: '/settings/academy', body: { name: 'Academy' } }) },
  // Notification channels (issue 19): the installation's, read with settings.view, changed with settings.manage.
  'GET /notification-channels': get(() => '/notification-channels'),
  'POST /notification-channels': {
    own: async () => ({ url: '/notification-channels', body: channelBody() }),
  },
  'GET /notification-channels/:id': get(() => `/notification-channels/${fx.notificationChannel}`),
  'PUT /notification-channels/:id': {
    own: async () => ({ url: `/notification-channels/${fx.notificationChannel}`, body: channelBody() }),
  },
  'DELETE /notification-channels/:id': {
    own: async () => ({ url: `/notification-channels/${await newChannel()}` }),
  },
  'POST /notification-channels/:id/test': {
    own: async () => ({ url: `/notification-channels/${fx.notificationChannel}/test` }),
  },
  'GET /notification-channels/:id/deliveries': get(
    () => `/notification-channels/${fx.notificationChannel}/deliveries`,
  ),
  // Not configured in the matrix's database: 404 after authorization (the Origin check comes first).
  'GET /ws/integrations/:provider/login': { ok: [404], ...get(() => '/ws/integrations/academy/login') },

  // Help tickets, attachments and the support inbox (issue 17): a caller's own attachment, the inbox for settings.manage.
  'POST /ws/:helpdesk/upload-attachment': {
    own: async () => ({ url: '/ws/support/upload-attachment', body: uploadBody() }),
  },
  'DELETE /ws/:helpdesk/delete-attachment/:id': {
    own: async (who) => ({ url: `/ws/support/delete-attachment/${await newAttachmentOf(who.id)}` }),
  },
  'GET /ws/attachments/:id': {
    own: async (who) => ({ url: `/ws/attachments/${await newAttachmentOf(who.id)}` }),
  },
  'GET /ws/attachments/:id/content': {
    noSession: 'public',
    own: async () => ({
      url: signAttachmentUrl({
        key: ctx.app.attachments.urlKey,
        id: fx.attachment,
        disposition: 'attachment',
      }),
    }),
  },
  'POST /ws/:helpdesk/ticket': { own: async () => ({ url: '/ws/support/ticket', body: helpTicketBody() }) },
  'GET /support/tickets': get(() => '/support/tickets'),
  'GET /support/tickets/:id': get(() => `/support/tickets/${fx.supportTicket}`),
  'POST /support/tickets/:id/replies': {
    own: async () => ({
      url: `/support/tickets/${fx.supportTicket}/replies`,
      body: { body: 'Matrix reply' },
    }),
  },
  'POST /support/tickets/:id/close': {
    own: async () => ({ url: `/support/tickets/${await newSupportTicket()}/close` }),
  },
  'POST /support/tickets/:id/reopen': {
    own: async () => ({ url: `/support/tickets/${fx.supportTicket}/reopen` }),
  },

  // ---------------------------------------------------------------- devices and searches
  'GET /devices': get(() => '/devices'),
  'GET /devices/:id': get(
    () => `/devices/${fx.deviceA}`,
    () => `/devices/${fx.deviceB}`,
  ),
  'GET /devices/:id/metrics': get(
    () => `/devices/${fx.deviceA}/metrics`,
    () => `/devices/${fx.deviceB}/metrics`,
  ),
  'GET /devices/:id/owner-candidates': get(
    () => `/devices/${fx.deviceA}/owner-candidates?search=a`,
    () => `/devices/${fx.deviceB}/owner-candidates`,
  ),
  'PATCH /devices/:id': {
    own: async () => ({ url: `/devices/${fx.deviceA}`, body: { displayName: `PC ${unique()}` } }),
    foreign: async () => ({ url: `/devices/${fx.deviceB}`, body: { displayName: 'PC' } }),
  },
  'DELETE /devices/:id': {
    own: async () => ({ url: `/devices/${await newDevice(fx.orgA.id)}` }),
    foreign: async () => ({ url: `/devices/${fx.deviceB}` }),
  },
  'GET /devices/tags': get(() => '/devices/tags?search=matrix'),
  'POST /devices/tags': { own: async () => ({ url: '/devices/tags', body: { name: `matrix-${unique()}` } }) },
  'PATCH /devices/tags/:id': {
    own: async () => ({ url: `/devices/tags/${await newTag()}`, body: { description: 'Matrix' } }),
  },
  'DELETE /devices/tags/:id': { own: async () => ({ url: `/devices/tags/${await newTag()}` }) },
  'PUT /devices/:id/tags': {
    own: async () => ({ url: `/devices/${fx.deviceA}/tags`, body: { tags: ['matrix'] } }),
    foreign: async () => ({ url: `/devices/${fx.deviceB}/tags`, body: { tags: ['matrix'] } }),
  },
  // Devices outside the scope are ignored (counted), not refused: no 404 to check.
  'POST /devices/tags/bulk': {
    own: async () => ({
      url: '/devices/tags/bulk',
      body: { target: { nodeIds: [fx.deviceA] }, add: ['matrix-bulk'] },
    }),
  },
  // A device with no online neighbour: the spec's 500 NO_USABLE_MAC_ADRESSES, after authorization.
  'GET /node/:id/wakeup': {
    ok: [500],
    ...get(
      () => `/node/${fx.deviceA}/wakeup`,
      () => `/node/${fx.deviceB}/wakeup`,
    ),
  },
  'GET /noderole/list': get(() => '/noderole/list'),
  'POST /query/device': {
    own: async () => ({ url: '/query/device', body: { nodeIds: [fx.deviceA] } }),
  },
  'GET /searches': get(() => '/searches'),
  'GET /searches/:id/devices': get(() => `/searches/${fx.searchId}/devices`),
  'POST /searches/run': {
    own: async () => ({ url: '/searches/run', body: { criteria: { match: 'all', rules: [] } } }),
  },
  'POST /searches': {
    own: async () => ({
      url: '/searches',
      body: { search: `S ${unique()}`, criteria: { match: 'all', rules: [] } },
    }),
  },
  'PUT /searches/:id': {
    own: async () => ({ url: `/searches/${fx.searchId}`, body: { search: `S ${unique()}` } }),
  },
  'DELETE /searches/:id': { own: async () => ({ url: `/searches/${await newSearch()}` }) },
  'POST /search/runner/execute-action': {
    requires: ['devices.approve'],
    own: async () => ({
      url: '/search/runner/execute-action',
      body: { action: 'APPROVE', target: { nodeIds: [fx.deviceA] } },
    }),
  },
  'GET /enrollment-tokens': get(() => '/enrollment-tokens'),
  'POST /enrollment-tokens': {
    own: async () => ({ url: '/enrollment-tokens', body: { organizationId: fx.orgA.id, ttlHours: 1 } }),
    foreign: async () => ({ url: '/enrollment-tokens', body: { organizationId: fx.orgB.id, ttlHours: 1 } }),
  },
  'DELETE /enrollment-tokens/:id': {
    own: async () => ({ url: `/enrollment-tokens/${await newToken(fx.orgA.id)}` }),
    foreign: async () => ({ url: `/enrollment-tokens/${fx.tokenB}` }),
  },

  // ---------------------------------------------------------------- jobs
  'GET /jobs': get(() => '/jobs'),
  'GET /webapp/job/:jobUid': get(
    () => `/webapp/job/${fx.jobA}`,
    () => `/webapp/job/${fx.jobB}`,
  ),
  'POST /webapp/submit/job': {
    requires: ['jobs.run'],
    own: async () => ({ url: '/webapp/submit/job', body: job(fx.deviceA) }),
    foreign: async () => ({ url: '/webapp/submit/job', body: job(fx.deviceB) }),
  },

  // ---------------------------------------------------------------- organization credentials
  'GET /credential/organization/:id/list': get(
    () => `/credential/organization/${fx.orgA.id}/list`,
    () => `/credential/organization/${fx.orgB.id}/list`,
  ),
  'POST /credential/organization/:id': {
    own: async () => ({ url: `/credential/organization/${fx.orgA.id}`, body: credentialBody() }),
    foreign: async () => ({ url: `/credential/organization/${fx.orgB.id}`, body: credentialBody() }),
  },
  'PUT /credential/:credentialId': {
    own: async () => ({ url: `/credential/${await newCredential(fx.orgA.id)}`, body: credentialBody() }),
    foreign: async () => ({ url: `/credential/${fx.credentialB}`, body: credentialBody() }),
  },
  'DELETE /credential/:credentialId': {
    own: async () => ({ url: `/credential/${await newCredential(fx.orgA.id)}` }),
    foreign: async () => ({ url: `/credential/${fx.credentialB}` }),
  },

  // ---------------------------------------------------------------- scheduled tasks
  'GET /scheduled-tasks': get(() => '/scheduled-tasks'),
  'POST /scheduled-tasks/occurrences': {
    own: async () => ({
      url: '/scheduled-tasks/occurrences',
      body: { schedule: { scheduleType: 'DAILY', timeZone: 'UTC' }, count: 3 },
    }),
  },
  'POST /scheduled-tasks': {
    own: async () => ({ url: '/scheduled-tasks', body: taskBody(fx.deviceA) }),
    foreign: async () => ({ url: '/scheduled-tasks', body: taskBody(fx.deviceB) }),
  },
  'GET /scheduled-tasks/:id': get(
    () => `/scheduled-tasks/${fx.taskA}`,
    () => `/scheduled-tasks/${fx.taskB}`,
  ),
  'PUT /scheduled-tasks/:id': {
    own: async () => ({ url: `/scheduled-tasks/${fx.taskA}`, body: taskBody(fx.deviceA) }),
    foreign: async () => ({ url: `/scheduled-tasks/${fx.taskB}`, body: taskBody(fx.deviceA) }),
  },
  'DELETE /scheduled-tasks/:id': {
    own: async () => ({ url: `/scheduled-tasks/${await newTask(fx.deviceA)}` }),
    foreign: async () => ({ url: `/scheduled-tasks/${fx.taskB}` }),
  },
  'POST /scheduled-tasks/:id/run': {
    own: async () => ({ url: `/scheduled-tasks/${fx.taskA}/run` }),
    foreign: async () => ({ url: `/scheduled-tasks/${fx.taskB}/run` }),
  },
  'GET /scheduled-tasks/:id/runs': get(
    () => `/scheduled-tasks/${fx.taskA}/runs`,
    () => `/scheduled-tasks/${fx.taskB}/runs`,
  ),
  'GET /scheduled-tasks/:id/runs/:runId': get(
    () => `/scheduled-tasks/${fx.taskA}/runs/${fx.taskRunA}`,
    () => `/scheduled-tasks/${fx.taskB}/runs/${fx.taskRunB}`,
  ),
  // ---------------------------------------------------------------- policies (MSP-wide; assignment per organization)
  'GET /policies': get(() => '/policies?search=Policy'),
  'POST /policies': { own: async () => ({ url: '/policies', body: policyBody() }) },
  'GET /policies/:id': get(() => `/policies/${fx.policyId}`),
  'PUT /policies/:id': {
    own: async () => ({ url: `/policies/${await newPolicy()}`, body: { version: 0, policy: policyBody() } }),
  },
  'DELETE /policies/:id': { own: async () => ({ url: `/policies/${await newPolicy()}` }) },
  'POST /policies/:id/dry-run': {
    own: async () => ({
      url: `/policies/${fx.policyId}/dry-run`,
      body: { conditions: policyBody().conditions },
    }),
  },
  'GET /organizations/:id/policies': get(
    () => `/organizations/${fx.orgA.id}/policies`,
    () => `/organizations/${fx.orgB.id}/policies`,
  ),
  'PUT /organizations/:id/policies': {
    own: async () => ({
      url: `/organizations/${fx.orgA.id}/policies`,
      body: { defaults: [], locations: [] },
    }),
    foreign: async () => ({
      url: `/organizations/${fx.orgB.id}/policies`,
      body: { defaults: [], locations: [] },
    }),
  },
  'GET /devices/:id/policy': get(
    () => `/devices/${fx.deviceA}/policy`,
    () => `/devices/${fx.deviceB}/policy`,
  ),
  'PUT /devices/:id/policy': {
    own: async () => ({ url: `/devices/${fx.deviceA}/policy`, body: { policyId: null } }),
    foreign: async () => ({ url: `/devices/${fx.deviceB}/policy`, body: { policyId: fx.policyId } }),
  },
  'GET /dynamic-policies': get(() => '/dynamic-policies'),
  'POST /dynamic-policies': { own: async () => ({ url: '/dynamic-policies', body: dynamicPolicyBody() }) },
  'GET /dynamic-policies/:id': {
    own: async () => ({ url: `/dynamic-policies/${await newDynamicPolicy()}` }),
  },
  'PUT /dynamic-policies/:id': {
    own: async () => ({
      url: `/dynamic-policies/${await newDynamicPolicy()}`,
      body: { version: 0, dynamicPolicy: dynamicPolicyBody() },
    }),
  },
  'DELETE /dynamic-policies/:id': {
    own: async () => ({ url: `/dynamic-policies/${await newDynamicPolicy()}` }),
  },
  // ---------------------------------------------------------------- script library (MSP-wide: no foreign)
  'GET /scripts': get(() => '/scripts?search=Script'),
  'POST /scripts': { own: async () => ({ url: '/scripts', body: scriptBody() }) },
  'GET /scripts/:id': get(() => `/scripts/${fx.scriptId}`),
  'PUT /scripts/:id': { own: async () => ({ url: `/scripts/${await newScript()}`, body: scriptBody() }) },
  'DELETE /scripts/:id': { own: async () => ({ url: `/scripts/${await newScript()}` }) },
  'GET /scripts/:id/versions': get(() => `/scripts/${fx.scriptId}/versions`),
  'GET /scripts/:id/versions/:version': get(() => `/scripts/${fx.scriptId}/versions/1`),
  'GET /scripts/templates': get(() => '/scripts/templates'),
  'GET /scripts/templates/:id': get(() => '/scripts/templates/1'),
  'POST /scripts/templates/:id/copy': {
    own: async () => ({ url: '/scripts/templates/1/copy', body: { name: `Copy ${unique()}` } }),
  },

  // ---------------------------------------------------------------- users, roles, tokens, contacts
  'GET /user-roles': get(() => '/user-roles?roleType=END_USER'),
  'GET /user-roles/:id': get(() => `/user-roles/${fx.roleIds.get('Helpdesk')}`),
  'POST /user-roles': {
    own: async () => ({
      url: '/user-roles',
      body: {
        name: `Role ${unique()}`,
        roleType: 'TECHNICIAN',
        permissions: [],
        organizationScope: [fx.orgA.id],
      },
    }),
  },
  'PUT /user-roles/:id': {
    own: async () => ({
      url: `/user-roles/${await newCustomRole()}`,
      body: { name: `Role ${unique()}`, permissions: [], organizationScope: [fx.orgA.id] },
    }),
  },
  'DELETE /user-roles/:id': { own: async () => ({ url: `/user-roles/${await newCustomRole()}` }) },
  'GET /users': get(() => '/users'),
  'GET /users/:id': get(
    (who) => `/users/${who.id}`,
    () => `/users/${fx.endUserB}`,
  ),
  'POST /users': {
    own: async () => ({
      url: '/users',
      body: {
        email: `new-${unique()}@test.local`,
        name: 'New',
        roleId: fx.roleIds.get('Read-only'),
        organizationScope: [fx.orgA.id],
      },
    }),
    foreign: async () => ({
      url: '/users',
      body: {
        email: `new-${unique()}@test.local`,
        name: 'New',
        userType: 'END_USER',
        roleId: fx.roleIds.get('End user'),
        organizationId: fx.orgB.id,
      },
    }),
  },
  'PUT /users/:id': {
    own: async () => ({ url: `/users/${await newInvited()}`, body: { name: `Renamed ${unique()}` } }),
    foreign: async () => ({ url: `/users/${fx.endUserB}`, body: { name: 'Renamed' } }),
  },
  'DELETE /users/:id': {
    own: async () => ({ url: `/users/${await newInvited()}` }),
    foreign: async () => ({ url: `/users/${fx.endUserB}` }),
  },
  'POST /users/:id/invitation': {
    own: async () => ({ url: `/users/${await newInvited()}/invitation` }),
    foreign: async () => ({ url: `/users/${fx.endUserB}/invitation` }),
  },
  'POST /users/:id/password-reset': {
    own: async () => ({ url: `/users/${await newInvited()}/password-reset` }),
    foreign: async () => ({ url: `/users/${fx.endUserB}/password-reset` }),
  },
  // Oneself: every signed-in technician (a foreign user needs users.manage: users.test.ts).
  'GET /users/:id/sessions': get((who) => `/users/${who.id}/sessions`),
  'DELETE /users/:id/sessions/:sessionId': {
    own: async (who) => {
      await signIn(who.email, who.password);
      const sessions = (
        await ctx.request('GET', `/users/${who.id}/sessions`, undefined, { cookie: who.cookie })
      ).json();
      const other = sessions.find((s: { isCurrent: boolean }) => !s.isCurrent);
      return { url: `/users/${who.id}/sessions/${other.id}` };
    },
  },
  'GET /users/:id/api-tokens': get((who) => `/users/${who.id}/api-tokens`),
  'POST /users/:id/api-tokens': {
    own: async (who) => ({
      url: `/users/${who.id}/api-tokens`,
      body: { name: 'matrix', expiresAt: null, permissions: [firstPermission(who)] },
    }),
  },
  'DELETE /users/:id/api-tokens/:tokenId': {
    own: async (who) => {
      const made = await ctx.request(
        'POST',
        `/users/${who.id}/api-tokens`,
        { name: 'matrix', expiresAt: null, permissions: [firstPermission(who)] },
        { cookie: who.cookie },
      );
      return { url: `/users/${who.id}/api-tokens/${made.json().apiToken.id}` };
    },
  },
  'GET /contacts': get(() => '/contacts'),
  'GET /contacts/:id': get(
    () => `/contacts/${fx.contactA}`,
    () => `/contacts/${fx.contactB}`,
  ),
  'POST /contacts': {
    own: async () => ({ url: '/contacts', body: { organizationId: fx.orgA.id, name: `C ${unique()}` } }),
    foreign: async () => ({ url: '/contacts', body: { organizationId: fx.orgB.id, name: 'C' } }),
  },
  'PUT /contacts/:id': {
    own: async () => ({
      url: `/contacts/${fx.contactA}`,
      body: { organizationId: fx.orgA.id, name: `C ${unique()}` },
    }),
    foreign: async () => ({
      url: `/contacts/${fx.contactB}`,
      body: { organizationId: fx.orgB.id, name: 'C' },
    }),
  },
  'DELETE /contacts/:id': {
    own: async () => ({ url: `/contacts/${await newContact(fx.orgA.id)}` }),
    foreign: async () => ({ url: `/contacts/${fx.contactB}` }),
  },

  // ---------------------------------------------------------------- knowledge base
  'GET /knowledge-base/folders': get(() => '/knowledge-base/folders'),
  'POST /knowledge-base/folders': {
    own: async () => ({ url: '/knowledge-base/folders', body: { name: `F ${unique()}` } }),
  },
  'PUT /knowledge-base/folders/:id': {
    own: async () => ({ url: `/knowledge-base/folders/${fx.kbFolder}`, body: { name: `F ${unique()}` } }),
  },
  'DELETE /knowledge-base/folders/:id': {
    own: async () => ({ url: `/knowledge-base/folders/${await newKbFolder()}` }),
  },
  'GET /knowledge-base/articles': get(
    () => `/knowledge-base/articles?organizationId=${fx.orgA.id}`,
    () => `/knowledge-base/articles?organizationId=${fx.orgB.id}`,
  ),
  'POST /knowledge-base/articles': {
    own: async () => ({
      url: '/knowledge-base/articles',
      body: { title: `KB ${unique()}`, organizationIds: [fx.orgA.id] },
    }),
    foreign: async () => ({
      url: '/knowledge-base/articles',
      body: { title: 'KB', organizationIds: [fx.orgB.id] },
    }),
  },
  'GET /knowledge-base/articles/:id': get(
    () => `/knowledge-base/articles/${fx.kbArticleA}`,
    () => `/knowledge-base/articles/${fx.kbArticleB}`,
  ),
  'PUT /knowledge-base/articles/:id': {
    own: async () => ({
      url: `/knowledge-base/articles/${fx.kbArticleA}`,
      body: { title: `KB ${unique()}`, organizationIds: [fx.orgA.id] },
    }),
    foreign: async () => ({
      url: `/knowledge-base/articles/${fx.kbArticleB}`,
      body: { title: 'KB', organizationIds: [fx.orgA.id] },
    }),
  },
  'DELETE /knowledge-base/articles/:id': {
    own: async () => ({ url: `/knowledge-base/articles/${await newKbArticle(fx.orgA.id)}` }),
    foreign: async () => ({ url: `/knowledge-base/articles/${fx.kbArticleB}` }),
  },

  // ---------------------------------------------------------------- backup promotion
  // Any signed-in technician may ask for a demo (limited per hour: each role's user asks once here).
  'POST /division/promotion/BackupDemoRequest': {
    own: async (who) => ({
      url: '/division/promotion/BackupDemoRequest',
      body: { userName: who.role, userEmail: who.email },
    }),
  },
  'GET /division/promotion/demo-requests': get(() => '/division/promotion/demo-requests'),

  // ---------------------------------------------------------------- backup (issue 18)
  // The agents' repository store: the device authenticates itself (no device here: 401 for everyone).
  'GET /backup/strata/repository/list': {
    noSession: 'device',
    ok: [401],
    ...get(() => '/backup/strata/repository/list'),
  },
  'GET /backup/strata/repository/files/*': {
    noSession: 'device',
    ok: [401],
    ...get(() => '/backup/strata/repository/files/config'),
  },
  'PUT /backup/strata/repository/files/*': {
    noSession: 'device',
    ok: [401],
    own: async () => ({ url: '/backup/strata/repository/files/config' }),
  },
  'DELETE /backup/strata/repository/files/*': {
    noSession: 'device',
    ok: [401],
    own: async () => ({ url: '/backup/strata/repository/files/locks/1' }),
  },
  // Spec §7.
  'GET /divisionconfig/strata': get(() => '/divisionconfig/strata'),
  'GET /backup/strata/strata-status': get(() => '/backup/strata/strata-status?fetchHasData=true'),
  'GET /backup/strata/clients/:id/strata-status': get(
    () => `/backup/strata/clients/${fx.orgA.id}/strata-status`,
    () => `/backup/strata/clients/${fx.orgB.id}/strata-status`,
  ),
  'GET /backup/strata/nodes/:id/strata-status': get(
    () => `/backup/strata/nodes/${fx.deviceA}/strata-status?fetchHasData=false`,
    () => `/backup/strata/nodes/${fx.deviceB}/strata-status?fetchHasData=false`,
  ),
  'GET /backup/strata/node/:id/restore-key': get(
    () => `/backup/strata/node/${fx.deviceA}/restore-key`,
    () => `/backup/strata/node/${fx.deviceB}/restore-key`,
  ),
  'GET /backup/strata/nodes/:id/plans/:planId/volumes': get(
    () => `/backup/strata/nodes/${fx.deviceA}/plans/${fx.backupPlanA}/volumes`,
    () => `/backup/strata/nodes/${fx.deviceB}/plans/${fx.backupPlanB}/volumes`,
  ),
  // The job has not finished: refused (409) after authorization.
  'PUT /backup/strata/nodes/:nodeId/plans-status/:planId/jobs/:jobId/ignore': {
    ok: [409],
    own: async () => ({
      url: `/backup/strata/nodes/${fx.deviceA}/plans-status/${fx.backupPlanA}/jobs/${fx.backupJobA}/ignore`,
    }),
    foreign: async () => ({
      url: `/backup/strata/nodes/${fx.deviceB}/plans-status/${fx.backupPlanB}/jobs/${fx.backupJobB}/ignore`,
    }),
  },
  // Ours: the restore key file, plans, results, revisions, storage, throttles, settings.
  'GET /backup/strata/clients/:id/restore-key/file': get(
    () => `/backup/strata/clients/${fx.orgA.id}/restore-key/file`,
    () => `/backup/strata/clients/${fx.orgB.id}/restore-key/file`,
  ),
  'GET /backup/strata/clients/:id/plans': get(
    () => `/backup/strata/clients/${fx.orgA.id}/plans`,
    () => `/backup/strata/clients/${fx.orgB.id}/plans`,
  ),
  'POST /backup/strata/clients/:id/plans': {
    own: async () => ({ url: `/backup/strata/clients/${fx.orgA.id}/plans`, body: planBody() }),
    foreign: async () => ({ url: `/backup/strata/clients/${fx.orgB.id}/plans`, body: planBody() }),
  },
  'GET /backup/strata/plans/:planId': get(
    () => `/backup/strata/plans/${fx.backupPlanA}`,
    () => `/backup/strata/plans/${fx.backupPlanB}`,
  ),
  'PUT /backup/strata/plans/:planId': {
    own: async () => ({
      url: `/backup/strata/plans/${fx.backupPlanA}`,
      body: { ...planBody(), targets: { allDevices: true } },
    }),
    foreign: async () => ({ url: `/backup/strata/plans/${fx.backupPlanB}`, body: planBody() }),
  },
  'DELETE /backup/strata/plans/:planId': {
    own: async () => ({ url: `/backup/strata/plans/${await newBackupPlan(fx.orgA.id)}` }),
    foreign: async () => ({ url: `/backup/strata/plans/${fx.backupPlanB}` }),
  },
  'GET /backup/strata/nodes/:id/plans': get(
    () => `/backup/strata/nodes/${fx.deviceA}/plans`,
    () => `/backup/strata/nodes/${fx.deviceB}/plans`,
  ),
  'GET /backup/strata/plans-status': get(() => '/backup/strata/plans-status?state=ALL'),
  'GET /backup/strata/nodes/:id/revisions': get(
    () => `/backup/strata/nodes/${fx.deviceA}/revisions`,
    () => `/backup/strata/nodes/${fx.deviceB}/revisions`,
  ),
  'GET /backup/strata/plans/:planId/revisions': get(
    () => `/backup/strata/plans/${fx.backupPlanA}/revisions`,
    () => `/backup/strata/plans/${fx.backupPlanB}/revisions`,
  ),
  // The engine is not on the server yet: 501 after authorization.
  'GET /backup/strata/nodes/:id/revisions/:revisionId/tree': {
    ok: [501],
    ...get(
      () => `/backup/strata/nodes/${fx.deviceA}/revisions/${fx.revisionA}/tree`,
      () => `/backup/strata/nodes/${fx.deviceB}/revisions/${fx.revisionB}/tree`,
    ),
  },
  'GET /backup/strata/storage': get(() => '/backup/strata/storage'),
  'GET /backup/strata/clients/:id/settings': get(
    () => `/backup/strata/clients/${fx.orgA.id}/settings`,
    () => `/backup/strata/clients/${fx.orgB.id}/settings`,
  ),
  'PUT /backup/strata/clients/:id/settings': {
    own: async () => ({
      url: `/backup/strata/clients/${fx.orgA.id}/settings`,
      body: { cloudQuotaBytes: null },
    }),
    foreign: async () => ({
      url: `/backup/strata/clients/${fx.orgB.id}/settings`,
      body: { cloudQuotaBytes: 1 },
    }),
  },
  'GET /backup/strata/clients/:id/throttles': get(
    () => `/backup/strata/clients/${fx.orgA.id}/throttles`,
    () => `/backup/strata/clients/${fx.orgB.id}/throttles`,
  ),
  'PUT /backup/strata/clients/:id/throttles': {
    own: async () => ({
      url: `/backup/strata/clients/${fx.orgA.id}/throttles`,
      body: throttleBody('ORGANIZATION'),
    }),
    foreign: async () => ({
      url: `/backup/strata/clients/${fx.orgB.id}/throttles`,
      body: throttleBody('ORGANIZATION'),
    }),
  },
  'DELETE /backup/strata/throttles/:id': {
    own: async () => ({
      url: `/backup/strata/throttles/${await newThrottle(fx.orgA.id, await newDevice(fx.orgA.id))}`,
    }),
    foreign: async () => ({ url: `/backup/strata/throttles/${fx.throttleB}` }),
  },
  'GET /backup/strata/nodes/:id/throttle': get(
    () => `/backup/strata/nodes/${fx.deviceA}/throttle`,
    () => `/backup/strata/nodes/${fx.deviceB}/throttle`,
  ),
  // EXTRACT zips: the agent's upload (device-authenticated), the signed URL (its job has not finished: 409
  // after authorization), and the download through it (the signature is the authorisation).
  'PUT /backup/strata/extracts/:jobUid': {
    noSession: 'device',
    ok: [401],
    own: async () => ({ url: `/backup/strata/extracts/${fx.extractJobA}` }),
  },
  'GET /backup/strata/extracts/:jobUid': {
    ok: [409],
    ...get(
      () => `/backup/strata/extracts/${fx.extractJobA}`,
      () => `/backup/strata/extracts/${fx.extractJobB}`,
    ),
  },
  'GET /backup/strata/extracts/:jobUid/content': {
    noSession: 'public',
    own: async () => ({
      url: signExtractUrl({ key: ctx.app.backupExtracts.urlKey, jobUid: fx.extractJobA }).url,
    }),
  },
  // ---------------------------------------------------------------- alerts and maintenance windows (issue 19)
  'GET /alerts': get(() => '/alerts'),
  'GET /alerts/:id': get(
    () => `/alerts/${fx.alertA}`,
    () => `/alerts/${fx.alertB}`,
  ),
  // Bulk ids: another organization's are left alone (200, changed 0), so there is no 404 to check.
  'POST /alerts/acknowledge': {
    own: async () => ({ url: '/alerts/acknowledge', body: { ids: [fx.alertA] } }),
  },
  'POST /alerts/reset': {
    own: async () => ({ url: '/alerts/reset', body: { ids: [await newAlert(fx.deviceA, fx.orgA.id)] } }),
  },
  'GET /maintenance-windows': get(() => '/maintenance-windows'),
  'POST /maintenance-windows': {
    own: async () => ({ url: '/maintenance-windows', body: windowBody(fx.orgA.id) }),
    foreign: async () => ({ url: '/maintenance-windows', body: windowBody(fx.orgB.id) }),
  },
  'GET /maintenance-windows/:id': get(
    () => `/maintenance-windows/${fx.windowA}`,
    () => `/maintenance-windows/${fx.windowB}`,
  ),
  'PUT /maintenance-windows/:id': {
    own: async () => ({ url: `/maintenance-windows/${fx.windowA}`, body: windowBody(fx.orgA.id) }),
    foreign: async () => ({ url: `/maintenance-windows/${fx.windowB}`, body: windowBody(fx.orgA.id) }),
  },
  'DELETE /maintenance-windows/:id': {
    own: async () => ({ url: `/maintenance-windows/${await newWindow(fx.orgA.id)}` }),
    foreign: async () => ({ url: `/maintenance-windows/${fx.windowB}` }),
  },
  // ---------------------------------------------------------------- products (issue 21): MSP-wide, no organization
  'GET /products': get(() => '/products?search=matrix'),
  'GET /products/usable': get(() => '/products/usable'),
  'GET /products/roles': get(() => '/products/roles'),
  'GET /products/:id': get(() => `/products/${fx.product}`),
  'POST /products': { own: async () => ({ url: '/products', body: productBody() }) },
  'PUT /products/:id': {
    own: async () => ({ url: `/products/${await newProduct()}`, body: { ...productBody(), version: 1 } }),
  },
  'POST /products/:id/activate': { own: async () => ({ url: `/products/${await newProduct()}/activate` }) },
  'POST /products/:id/deactivate': {
    own: async () => ({ url: `/products/${await newProduct()}/deactivate` }),
  },
  // ---------------------------------------------------------------- billing (issue 21)
  'GET /billing/agreement-templates': get(() => '/billing/agreement-templates'),
  'POST /billing/agreement-templates': {
    own: async () => ({
      url: '/billing/agreement-templates',
      body: { name: `T ${unique()}`, billingInterval: 'ANNUAL' },
    }),
  },
  'PUT /billing/agreement-templates/:id': {
    own: async () => ({
      url: `/billing/agreement-templates/${await newTemplate()}`,
      body: { name: `T ${unique()}`, billingInterval: 'ANNUAL' },
    }),
  },
  'DELETE /billing/agreement-templates/:id': {
    own: async () => ({ url: `/billing/agreement-templates/${await newTemplate()}` }),
  },
  'GET /billing/agreements': get(() => '/billing/agreements'),
  'POST /billing/agreements': {
    own: async () => ({ url: '/billing/agreements', body: agreementBody(fx.orgA.id) }),
    foreign: async () => ({ url: '/billing/agreements', body: agreementBody(fx.orgB.id) }),
  },
  'GET /billing/agreements/:id': get(
    () => `/billing/agreements/${fx.agreementA}`,
    () => `/billing/agreements/${fx.agreementB}`,
  ),
  'PATCH /billing/agreements/:id': {
    own: async () => ({
      url: `/billing/agreements/${await newAgreement(fx.orgA.id)}`,
      body: { version: 1, name: 'X' },
    }),
    foreign: async () => ({ url: `/billing/agreements/${fx.agreementB}`, body: { version: 1, name: 'X' } }),
  },
  'GET /billing/license-drift': get(() => '/billing/license-drift'),
  'GET /billing/organizations/:id/counted-quantities': get(
    () => `/billing/organizations/${fx.orgA.id}/counted-quantities`,
    () => `/billing/organizations/${fx.orgB.id}/counted-quantities`,
  ),
  'GET /billing/invoices': get(() => '/billing/invoices'),
  'POST /billing/invoices/generate': {
    own: async () => ({
      url: '/billing/invoices/generate',
      body: { organizationId: fx.orgA.id, asOf: '2000-01-01' },
    }),
    foreign: async () => ({ url: '/billing/invoices/generate', body: { agreementId: fx.agreementB } }),
  },
  'GET /billing/invoices/:id': get(
    () => `/billing/invoices/${fx.invoiceA}`,
    () => `/billing/invoices/${fx.invoiceB}`,
  ),
  // The first approval goes through, later ones find it approved (409): both past authorization.
  'POST /billing/invoices/:id/approve': {
    own: async () => ({ url: `/billing/invoices/${fx.invoiceA}/approve` }),
    foreign: async () => ({ url: `/billing/invoices/${fx.invoiceB}/approve` }),
    ok: [200, 409],
  },
  'POST /billing/invoices/:id/archive': {
    own: async () => ({ url: `/billing/invoices/${fx.invoiceA}/archive` }),
    foreign: async () => ({ url: `/billing/invoices/${fx.invoiceB}/archive` }),
    ok: [200, 409],
  },
  // Voiding frees the invoice's period; a later approve or archive of it finds it VOID (409) and vice versa.
  'POST /billing/invoices/:id/void': {
    own: async () => ({ url: `/billing/invoices/${fx.invoiceA}/void` }),
    foreign: async () => ({ url: `/billing/invoices/${fx.invoiceB}/void` }),
    ok: [200, 409],
  },
  'GET /billing/invoices/:id/csv': get(
    () => `/billing/invoices/${fx.invoiceA}/csv`,
    () => `/billing/invoices/${fx.invoiceB}/csv`,
  ),
  'GET /billing/invoices/:id/pdf': get(
    () => `/billing/invoices/${fx.invoiceA}/pdf`,
    () => `/billing/invoices/${fx.invoiceB}/pdf`,
  ),
  'GET /tickets/:id/billing': get(
    () => `/tickets/${fx.ticketA}/billing`,
    () => `/tickets/${fx.ticketB}/billing`,
  ),
  'POST /tickets/:id/products': {
    own: async () => ({
      url: `/tickets/${fx.ticketA}/products`,
      body: { productId: fx.product, quantity: '1' },
    }),
    foreign: async () => ({
      url: `/tickets/${fx.ticketB}/products`,
      body: { productId: fx.product, quantity: '1' },
    }),
  },
  'DELETE /tickets/:id/products/:itemId': {
    own: async () => ({ url: `/tickets/${fx.ticketA}/products/${await newTicketProduct(fx.ticketA)}` }),
    // Another ticket of orgB: the one the last test compares stays as it was.
    foreign: async () => {
      const ticketId = await newTicket(fx.orgB.id);
      return { url: `/tickets/${ticketId}/products/${await newTicketProduct(ticketId)}` };
    },
  },
  'PATCH /tickets/:id/time-entries/:itemId/billing': {
    own: async () => ({
      url: `/tickets/${fx.ticketA}/time-entries/${await newTimeEntry(fx.ticketA)}/billing`,
      body: { isBillable: false },
    }),
    foreign: async () => {
      const ticketId = await newTicket(fx.orgB.id);
      return {
        url: `/tickets/${ticketId}/time-entries/${await newTimeEntry(ticketId)}/billing`,
        body: { isBillable: false },
      };
    },
  },
  // ---------------------------------------------------------------- ticketing (issue 20)
  'GET /tickets': get(() => '/tickets'),
  'POST /tickets': {
    own: async () => ({ url: '/tickets', body: { organizationId: fx.orgA.id, subject: `T ${unique()}` } }),
    foreign: async () => ({
      url: '/tickets',
      body: { organizationId: fx.orgB.id, subject: `T ${unique()}` },
    }),
  },
  'GET /tickets/:id': get(
    () => `/tickets/${fx.ticketA}`,
    () => `/tickets/${fx.ticketB}`,
  ),
  'PATCH /tickets/:id': {
    own: async () => ({
      url: `/tickets/${await newTicket(fx.orgA.id)}`,
      body: { version: 1, subject: 'Changed' },
    }),
    foreign: async () => ({ url: `/tickets/${fx.ticketB}`, body: { version: 1, subject: 'Changed' } }),
  },
  'GET /tickets/assignees': get(
    () => `/tickets/assignees?organizationId=${fx.orgA.id}`,
    () => `/tickets/assignees?organizationId=${fx.orgB.id}`,
  ),
  'GET /tickets/:id/log': get(
    () => `/tickets/${fx.ticketA}/log`,
    () => `/tickets/${fx.ticketB}/log`,
  ),
  'POST /tickets/:id/comments': {
    own: async () => ({ url: `/tickets/${fx.ticketA}/comments`, body: { body: 'Matrix' } }),
    foreign: async () => ({ url: `/tickets/${fx.ticketB}/comments`, body: { body: 'Matrix' } }),
  },
  'POST /tickets/:id/time-entries': {
    own: async () => ({ url: `/tickets/${fx.ticketA}/time-entries`, body: { durationSeconds: 60 } }),
    foreign: async () => ({ url: `/tickets/${fx.ticketB}/time-entries`, body: { durationSeconds: 60 } }),
  },
  'POST /tickets/:id/timer': {
    own: async () => ({ url: `/tickets/${await newTicket(fx.orgA.id)}/timer` }),
    foreign: async () => ({ url: `/tickets/${fx.ticketB}/timer` }),
  },
  'POST /tickets/:id/timer/stop': {
    // The caller's own timer, started first (refused like the stop for a role without the permission).
    own: async (who) => {
      const url = `/tickets/${await newTicket(fx.orgA.id)}/timer`;
      await send('POST', { url }, who.cookie);
      return { url: `${url}/stop`, body: {} };
    },
    foreign: async () => ({ url: `/tickets/${fx.ticketB}/timer/stop`, body: {} }),
  },
  'GET /ticket-boards': get(() => '/ticket-boards'),
  'POST /ticket-boards': { own: async () => ({ url: '/ticket-boards', body: { name: `B ${unique()}` } }) },
  'GET /ticket-boards/:id': get(() => '/ticket-boards/1'),
  'PUT /ticket-boards/:id': {
    own: async () => ({ url: `/ticket-boards/${fx.ticketBoard}`, body: { name: `B ${unique()}` } }),
  },
  'DELETE /ticket-boards/:id': { own: async () => ({ url: `/ticket-boards/${await newTicketBoard()}` }) },
  'GET /ticket-boards/:id/tickets': get(() => '/ticket-boards/1/tickets'),
  'GET /ticket-forms': get(() => '/ticket-forms'),
  'POST /ticket-forms': { own: async () => ({ url: '/ticket-forms', body: { name: `F ${unique()}` } }) },
  'GET /ticket-forms/:id': get(() => `/ticket-forms/${fx.ticketForm}`),
  'PUT /ticket-forms/:id': {
    own: async () => ({ url: `/ticket-forms/${fx.ticketForm}`, body: { name: `F ${unique()}` } }),
  },
  'DELETE /ticket-forms/:id': { own: async () => ({ url: `/ticket-forms/${await newTicketForm()}` }) },
  'GET /ticket-setup': get(() => '/ticket-setup'),
  'GET /ticket-setup/:list': get(() => '/ticket-setup/teams'),
  'POST /ticket-setup/:list': {
    own: async () => ({ url: '/ticket-setup/teams', body: { name: `Team ${unique()}` } }),
  },
  'PUT /ticket-setup/:list/:id': {
    own: async () => ({ url: `/ticket-setup/teams/${fx.ticketTeam}`, body: { name: `Team ${unique()}` } }),
  },
  'DELETE /ticket-setup/:list/:id': {
    own: async () => ({ url: `/ticket-setup/teams/${await newTicketTeam()}` }),
  },
  // GraphQL: the route needs a session; each root field its permission (a mutation: settings.manage), 403 before
  // anything runs. Rulesets belong to no organization.
  'POST /graphql': {
    requires: ['settings.manage'],
    own: async () => ({ url: '/graphql', body: createRulesetRequest() }),
  },
  // Ticket mailboxes (issue 20 item 8): the installation's, read with settings.view, changed with settings.manage.
  'GET /ticket-mailboxes': get(() => '/ticket-mailboxes'),
  'POST /ticket-mailboxes': { own: async () => ({ url: '/ticket-mailboxes', body: mailboxBody() }) },
  'GET /ticket-mailboxes/:id': get(() => `/ticket-mailboxes/${fx.ticketMailbox}`),
  'PUT /ticket-mailboxes/:id': {
    own: async () => ({ url: `/ticket-mailboxes/${fx.ticketMailbox}`, body: mailboxBody() }),
  },
  'DELETE /ticket-mailboxes/:id': {
    own: async () => ({ url: `/ticket-mailboxes/${await newTicketMailbox()}` }),
  },
  // ConnectWise PSA (issue 22): psa.configure, the PSA flag on (beforeAll), no connection saved. What reads
  // ConnectWise answers 409 PSA_NOT_CONFIGURED after the checks; the installation-wide changes need every
  // organization in scope (a save without keys is refused 400 after that check, and leaves it unconnected).
  'GET /psacw/v2/settings': get(() => '/psacw/v2/settings'),
  'PUT /psacw/v2/settings': {
    allOrganizations: true,
    ok: [400],
    own: async () => ({ url: '/psacw/v2/settings', body: psaSettingsWithoutKeys() }),
  },
  'POST /psacw/v2/settings/test': {
    allOrganizations: true,
    ok: [400],
    own: async () => ({ url: '/psacw/v2/settings/test', body: psaSettingsWithoutKeys() }),
  },
  'POST /psacw/v2/company/companies': {
    ok: [409],
    own: async () => ({ url: '/psacw/v2/company/companies', body: {} }),
  },
  'GET /psacw/v2/company/companies/:id/sites': {
    ok: [409],
    ...get(() => '/psacw/v2/company/companies/7/sites'),
  },
  'GET /psacw/v2/company/companies/:id/agreements': {
    ok: [409],
    ...get(() => '/psacw/v2/company/companies/7/agreements'),
  },
  'GET /psacw/v2/procurement/catalog': { ok: [409], ...get(() => '/psacw/v2/procurement/catalog') },
  'GET /psacw/v2/company/configurations/types': {
    ok: [409],
    ...get(() => '/psacw/v2/company/configurations/types'),
  },
  'GET /psacw/v2/company/configurations/statuses': {
    ok: [409],
    ...get(() => '/psacw/v2/company/configurations/statuses'),
  },
  'GET /psacw/v2/mappings': get(() => '/psacw/v2/mappings'),
  'GET /psacw/v2/mappings/:clientId': get(
    () => `/psacw/v2/mappings/${fx.orgA.id}`,
    () => `/psacw/v2/mappings/${fx.orgB.id}`,
  ),
  'PUT /psacw/v2/mappings/:clientId': {
    ok: [409],
    own: async () => ({ url: `/psacw/v2/mappings/${fx.orgA.id}`, body: psaMappingBody() }),
    foreign: async () => ({ url: `/psacw/v2/mappings/${fx.orgB.id}`, body: psaMappingBody() }),
  },
  'DELETE /psacw/v2/mappings/:clientId': {
    own: async () => ({ url: `/psacw/v2/mappings/${fx.orgA.id}` }),
    foreign: async () => ({ url: `/psacw/v2/mappings/${fx.orgB.id}` }),
  },
  'POST /psacw/v2/mappings/auto-map/preview': {
    ok: [409],
    own: async () => ({ url: '/psacw/v2/mappings/auto-map/preview' }),
  },
  'POST /psacw/v2/mappings/auto-map': {
    ok: [409],
    own: async () => ({
      url: '/psacw/v2/mappings/auto-map',
      body: { matches: [{ clientId: fx.orgA.id, companyId: 7 }] },
    }),
  },
  'GET /psacw/v2/product-mappings': get(() => '/psacw/v2/product-mappings'),
  'POST /psacw/v2/product-mappings': {
    allOrganizations: true,
    ok: [409],
    own: async () => ({ url: '/psacw/v2/product-mappings', body: psaProductMappingBody() }),
  },
  'PUT /psacw/v2/product-mappings/:id': {
    allOrganizations: true,
    ok: [409],
    own: async () => ({ url: '/psacw/v2/product-mappings/999999', body: psaProductMappingBody() }),
  },
  'DELETE /psacw/v2/product-mappings/:id': {
    allOrganizations: true,
    ok: [404],
    own: async () => ({ url: '/psacw/v2/product-mappings/999999' }),
  },
  'GET /psacw/v2/configuration-type-mappings': get(() => '/psacw/v2/configuration-type-mappings'),
  'POST /psacw/v2/configuration-type-mappings': {
    allOrganizations: true,
    ok: [409],
    own: async () => ({
      url: '/psacw/v2/configuration-type-mappings',
      body: psaConfigurationTypeMappingBody(),
    }),
  },
  'PUT /psacw/v2/configuration-type-mappings/:id': {
    allOrganizations: true,
    ok: [409],
    own: async () => ({
      url: '/psacw/v2/configuration-type-mappings/999999',
      body: psaConfigurationTypeMappingBody(),
    }),
  },
  'DELETE /psacw/v2/configuration-type-mappings/:id': {
    allOrganizations: true,
    ok: [404],
    own: async () => ({ url: '/psacw/v2/configuration-type-mappings/999999' }),
  },
  'POST /psacw/v2/sync': { allOrganizations: true, ok: [409], own: async () => ({ url: '/psacw/v2/sync' }) },
  'GET /psacw/v2/sync/runs': get(() => '/psacw/v2/sync/runs'),
  'GET /psacw/v2/sync/log': get(() => '/psacw/v2/sync/log'),
};

const technicianRoles = builtInRoles.filter((r) => r.roleType === 'TECHNICIAN');

beforeAll(async () => {
  ctx = await createTestApp({ loginRatePerMinute: 100_000 });
  await admin('PUT', '/settings/feature-flags', { psa_connectwise: true });
  fx.roleIds = new Map(
    ((await admin('GET', '/user-roles')).json() as { id: number; name: string }[]).map((r) => [r.name, r.id]),
  );
  fx.orgA = await newOrganization();
  fx.orgB = await newOrganization();
  fx.deviceA = await newDevice(fx.orgA.id);
  fx.deviceB = await newDevice(fx.orgB.id);
  fx.jobA = await newJob(fx.deviceA);
  fx.jobB = await newJob(fx.deviceB);
  fx.tokenB = await newToken(fx.orgB.id);
  fx.contactA = await newContact(fx.orgA.id);
  fx.contactB = await newContact(fx.orgB.id);
  fx.endUserB = await newEndUser(fx.orgB.id);
  fx.searchId = await newSearch();
  fx.credentialB = await newCredential(fx.orgB.id);
  fx.scriptId = await newScript();
  fx.policyId = await newPolicy();
  fx.taskA = await newTask(fx.deviceA);
  fx.taskB = await newTask(fx.deviceB);
  fx.taskRunA = await newTaskRun(fx.taskA);
  fx.taskRunB = await newTaskRun(fx.taskB);
  fx.kbFolder = await newKbFolder();
  fx.kbArticleA = await newKbArticle(fx.orgA.id);
  fx.kbArticleB = await newKbArticle(fx.orgB.id);
  fx.backupPlanA = await newBackupPlan(fx.orgA.id);
  fx.backupPlanB = await newBackupPlan(fx.orgB.id);
  fx.backupJobA = await newBackupJob(fx.deviceA, fx.backupPlanA);
  fx.backupJobB = await newBackupJob(fx.deviceB, fx.backupPlanB);
  fx.alertA = await newAlert(fx.deviceA, fx.orgA.id);
  fx.alertB = await newAlert(fx.deviceB, fx.orgB.id);
  fx.windowA = await newWindow(fx.orgA.id);
  fx.windowB = await newWindow(fx.orgB.id);
  fx.ticketA = await newTicket(fx.orgA.id);
  fx.ticketB = await newTicket(fx.orgB.id);
  fx.ticketBoard = await newTicketBoard();
  fx.ticketForm = await newTicketForm();
  fx.ticketTeam = await newTicketTeam();
  fx.product = await newProduct();
  fx.agreementA = await newAgreement(fx.orgA.id);
  fx.agreementB = await newAgreement(fx.orgB.id);
  fx.invoiceA = await newInvoice(fx.orgA.id);
  fx.invoiceB = await newInvoice(fx.orgB.id);
  for (const side of ['A', 'B'] as const) {
    const organizationId = side === 'A' ? fx.orgA.id : fx.orgB.id;
    const deviceId = side === 'A' ? fx.deviceA : fx.deviceB;
    const planId = side === 'A' ? fx.backupPlanA : fx.backupPlanB;
    const revision = await insertRevision(ctx, { organizationId, planId, deviceId });
    fx[`revision${side}`] = revision.revisionId;
    const extract = restoreJob(revision, {
      sourcePath: '',
      restoreType: 'EXTRACT',
      extractContent: { files: ['/home/a/report.txt'], folders: [] },
    });
    const submitted = await created('POST', '/webapp/submit/job', {
      nodes: [{ nodeId: deviceId, jobs: [extract] }],
    });
    fx[`extractJob${side}`] = submitted.nodes[0].jobs[0].jobUid as string;
  }
  // the zip of orgA's extract, as its agent would have uploaded it
  const writer = await ctx.app.backupExtracts.store.createWriter();
  await writer.write(Buffer.from('PK\x05\x06'));
  await writer.finish();
  await writer.commit(fx.extractJobA);
  fx.throttleB = await newThrottle(fx.orgB.id, fx.deviceB);
  fx.supportTicket = await newSupportTicket();
  fx.notificationChannel = await newChannel();
  fx.ticketMailbox = await newTicketMailbox();
  fx.attachment = (await created('POST', '/ws/support/upload-attachment', uploadBody())).id as string;
  for (const role of technicianRoles) {
    scoped.set(role.name, await makeUser(role, [fx.orgA.id]));
    unscoped.set(role.name, await makeUser(role, 'all'));
  }
  // Fixtures of every area and eight users with real password hashes: generous on a busy 2-core machine.
}, 180_000);
afterAll(() => ctx?.close());

type Route = { method: string; url: string; access: RouteAccess };
const routes = (): Route[] =>
  ctx.app.registeredRoutes.map((route) => ({
    method: Array.isArray(route.method) ? route.method.join(',') : String(route.method),
    url: route.url,
    access: (route.config as { access: RouteAccess }).access,
  }));
const entryOf = (route: Route) =>
  matrix[`${route.method} ${route.url}`] ??
  (route.method === 'HEAD' ? matrix[`GET ${route.url}`] : undefined);

const send = (method: string, target: Target, cookie: string | null) =>
  ctx.app.inject({
    method: (method.includes(',') ? 'GET' : method) as 'GET',
    url: target.url,
    ...(target.body === undefined ? {} : { payload: target.body as object }),
    headers: { origin: ORIGIN, ...(cookie ? { cookie: target.cookie ?? cookie } : {}) },
  });

describe('the authorization matrix', () => {
  it('has an entry for every registered route, and no entry for a route that is gone', () => {
    const all = routes();
    expect(all.filter((route) => !entryOf(route)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const registered = new Set(all.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(matrix).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('answers 401 to every non-public route without a session, and changes nothing', async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      const entry = entryOf(route)!;
      if (entry.noSession) continue;
      const response = await send(
        route.method,
        { url: (await entry.own(scoped.get('Administrator')!)).url },
        null,
      );
      if (response.statusCode !== 401) failures.push(`${route.method} ${route.url}: ${response.statusCode}`);
      else if (route.method !== 'HEAD') expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
    expect(failures).toEqual([]);
  });

  for (const role of technicianRoles) {
    it(`${role.name}: 403 without the permission, 404 for another organization, through otherwise`, async () => {
      const failures: string[] = [];
      for (const route of routes()) {
        const entry = entryOf(route)!;
        if (entry.noSession === 'device') continue;
        const who = (entry.allOrganizations ? unscoped : scoped).get(role.name)!;
        const needs = [
          ...(route.access === 'public' || route.access === 'authenticated' ? [] : [route.access]),
          ...(entry.requires ?? []),
        ];
        const allowed = needs.every((p) => who.permissions.has(p));
        const name = `${route.method} ${route.url}`;
        const own = await send(route.method, await entry.own(who), who.cookie);
        if (!allowed) {
          if (own.statusCode !== 403)
            failures.push(`${name}: expected 403, got ${own.statusCode} ${own.body.slice(0, 120)}`);
          continue;
        }
        const isThrough = entry.ok
          ? entry.ok.includes(own.statusCode)
          : own.statusCode >= 200 && own.statusCode < 300;
        if (!isThrough)
          failures.push(
            `${name}: expected ${entry.ok ?? '2xx'}, got ${own.statusCode} ${own.body.slice(0, 160)}`,
          );
        if (entry.foreign && !entry.allOrganizations) {
          const foreign = await send(route.method, await entry.foreign(who), who.cookie);
          if (foreign.statusCode !== 404)
            failures.push(
              `${name} (other organization): expected 404, got ${foreign.statusCode} ${foreign.body.slice(0, 160)}`,
            );
        }
      }
      expect(failures).toEqual([]);
    }, 60_000);
  }

  it('leaves the other organization as it was', async () => {
    const [deviceB] = await ctx.db.select().from(devices).where(eq(devices.id, fx.deviceB));
    expect(deviceB?.displayName).toMatch(/^PC-/);
    expect((await admin('GET', `/contacts/${fx.contactB}`)).statusCode).toBe(200);
    expect((await admin('GET', `/users/${fx.endUserB}`)).json().name).toBe('End user');
    expect((await admin('GET', `/organizations/${fx.orgB.id}`)).json().description).toBe(
      'A test organization',
    );
    const kbArticleB = (await admin('GET', `/knowledge-base/articles/${fx.kbArticleB}`)).json().article;
    expect(kbArticleB).toMatchObject({ title: expect.stringMatching(/^KB /), organizationIds: [fx.orgB.id] });
    const ticketB = (await admin('GET', `/tickets/${fx.ticketB}`)).json().ticket;
    expect(ticketB).toMatchObject({
      subject: expect.stringMatching(/^Ticket /),
      version: 1,
      timeTrackedSeconds: 0,
    });
  });
});
