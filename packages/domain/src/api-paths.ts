// API paths as plain data (no schema library), for the console's first load and the server alike.

/** Spec §7: POST a submission of jobs (and cancels). */
export const SUBMIT_JOB_PATH = '/webapp/submit/job';
/** Spec §7: GET one job with its history. */
export const jobPath = (jobUid: string) => `/webapp/job/${encodeURIComponent(jobUid)}`;

/** The console's realtime channel (WebSocket). */
export const EVENTS_PATH = '/events';

/**
 * The first path segment of every API path: what the server answers itself (never with the console's
 * index.html) and what the console's dev server proxies to it. The spec's reserved roots are listed
 * before their areas exist, so an unknown API path is a JSON 404 and not a page.
 */
export const API_ROOTS = [
  '/activities',
  '/agent',
  '/alerts',
  '/auth',
  '/backup',
  '/billing',
  '/branding',
  '/client',
  '/contacts',
  '/credential',
  '/dashboard',
  '/devices',
  '/division',
  '/divisionconfig',
  '/docs',
  '/dynamic-policies',
  '/enrollment-tokens',
  EVENTS_PATH,
  '/graphql',
  '/healthz',
  '/help',
  '/jobs',
  '/knowledge-base',
  '/maintenance-windows',
  '/metrics',
  '/node',
  '/noderole',
  '/notification-channels',
  '/organizations',
  '/policies',
  '/products',
  '/psacw',
  '/query',
  '/scheduled-tasks',
  '/scripts',
  '/search',
  '/searches',
  '/settings',
  '/support',
  '/ticket-boards',
  '/ticket-forms',
  '/ticket-mailboxes',
  '/ticket-setup',
  '/tickets',
  '/user-roles',
  '/users',
  '/webapp',
  '/ws',
] as const;

/** Whether a request path (with or without a query) is under one of the API roots, segment by segment. */
export const isApiPath = (url: string): boolean =>
  API_ROOTS.some((root) => url === root || url.startsWith(`${root}/`) || url.startsWith(`${root}?`));

/**
 * Every API path the console calls, built here so that the console's `api.ts` files and the server agree
 * (a server test checks that each is a route it serves). Query strings are added by the caller.
 */
export const apiPaths = {
  me: () => '/auth/me',
  login: () => '/auth/login',
  logout: () => '/auth/logout',
  ssoInfo: () => '/auth/sso',
  ssoStart: () => '/auth/sso/start',
  ssoSettings: () => '/settings/sso',
  activities: () => '/activities',
  dashboardSummary: () => '/dashboard/summary',
  devicesByOrganization: () => '/dashboard/devices-by-organization',
  devices: () => '/devices',
  device: (id: number) => `/devices/${id}`,
  deviceMetrics: (id: number) => `/devices/${id}/metrics`,
  /** Who may own the device (devices.ts `DeviceOwner`). */
  deviceOwnerCandidates: (id: number) => `/devices/${id}/owner-candidates`,
  /** Device tags (device-tags.ts): the MSP's tags, one device's list, and bulk changes. */
  tags: () => '/devices/tags',
  tag: (id: number) => `/devices/tags/${id}`,
  deviceTags: (id: number) => `/devices/${id}/tags`,
  bulkDeviceTags: () => '/devices/tags/bulk',
  wakeUp: (id: number) => `/node/${id}/wakeup`,
  nodeRoles: () => '/noderole/list',
  queryDevice: () => '/query/device',
  enrollmentTokens: () => '/enrollment-tokens',
  enrollmentToken: (id: number) => `/enrollment-tokens/${id}`,
  organizations: () => '/organizations',
  organization: (id: number) => `/organizations/${id}`,
  client: (id: number) => `/client/${id}`,
  jobs: () => '/jobs',
  job: jobPath,
  submitJob: () => SUBMIT_JOB_PATH,
  searches: () => '/searches',
  search: (id: number) => `/searches/${id}`,
  searchDevices: (id: number) => `/searches/${id}/devices`,
  runCriteria: () => '/searches/run',
  executeAction: () => '/search/runner/execute-action',
  featureFlags: () => '/settings/feature-flags',
  securitySettings: () => '/settings/security',
  userRoles: () => '/user-roles',
  userRole: (id: number) => `/user-roles/${id}`,
  users: () => '/users',
  user: (id: number) => `/users/${id}`,
  userInvitation: (id: number) => `/users/${id}/invitation`,
  userPasswordReset: (id: number) => `/users/${id}/password-reset`,
  userSessions: (id: number) => `/users/${id}/sessions`,
  userSession: (id: number, sessionId: string = '0'.repeat(64)) => `/users/${id}/sessions/${sessionId}`,
  userApiTokens: (id: number) => `/users/${id}/api-tokens`,
  userApiToken: (id: number, tokenId: number = id) => `/users/${id}/api-tokens/${tokenId}`,
  invitation: (token: string) => `/auth/invitation/${encodeURIComponent(token)}`,
  mfa: () => '/auth/mfa',
  mfaVerify: () => '/auth/mfa/verify',
  totpSetup: () => '/auth/mfa/totp/setup',
  totpConfirm: () => '/auth/mfa/totp/confirm',
  recoveryCodes: () => '/auth/mfa/recovery-codes',
  webauthnRegisterOptions: () => '/auth/mfa/webauthn/register/options',
  webauthnRegisterVerify: () => '/auth/mfa/webauthn/register/verify',
  webauthnOptions: () => '/auth/mfa/webauthn/options',
  smsSetup: () => '/auth/mfa/sms/setup',
  smsConfirm: () => '/auth/mfa/sms/confirm',
  smsSend: () => '/auth/mfa/sms/send',
  duoEnable: () => '/auth/mfa/duo/enable',
  duoPush: () => '/auth/mfa/duo/push',
  mfaFactor: (factorId: number) => `/auth/mfa/factors/${factorId}`,
  userMfa: (id: number) => `/users/${id}/mfa`,
  organizationCredentials: (organizationId: number) => `/credential/organization/${organizationId}/list`,
  createCredential: (organizationId: number) => `/credential/organization/${organizationId}`,
  credential: (credentialId: number) => `/credential/${credentialId}`,
  scripts: () => '/scripts',
  script: (id: number) => `/scripts/${id}`,
  scriptVersions: (id: number) => `/scripts/${id}/versions`,
  scriptVersion: (id: number, version: number = id) => `/scripts/${id}/versions/${version}`,
  scriptTemplates: () => '/scripts/templates',
  scriptTemplate: (id: number) => `/scripts/templates/${id}`,
  copyScriptTemplate: (id: number) => `/scripts/templates/${id}/copy`,
  scheduledTasks: () => '/scheduled-tasks',
  scheduledTask: (id: number) => `/scheduled-tasks/${id}`,
  runScheduledTask: (id: number) => `/scheduled-tasks/${id}/run`,
  scheduledTaskRuns: (id: number) => `/scheduled-tasks/${id}/runs`,
  scheduledTaskRun: (id: number, runId: number = id) => `/scheduled-tasks/${id}/runs/${runId}`,
  scheduleOccurrences: () => '/scheduled-tasks/occurrences',
  contacts: () => '/contacts',
  contact: (id: number) => `/contacts/${id}`,
  helpSearch: () => '/help/search',
  helpArticle: (slug: string | number) => `/help/articles/${encodeURIComponent(String(slug))}`,
  helpSuggestions: () => '/help/suggestions',
  helpClientErrors: () => '/help/client-errors',
  branding: () => '/branding',
  brandingLogo: () => '/branding/logo',
  brandingSettings: () => '/settings/branding',
  brandingLogoUpload: () => '/settings/branding/logo',
  videoTutorialSettings: () => '/settings/video-tutorials',
  videoTutorials: () => '/help/video-tutorials',
  helpTooltips: () => '/help/tooltips',
  academySettings: () => '/settings/academy',
  /** Spec §7: the training platform's login, a GET that signs the user in elsewhere (Origin-checked). */
  academyLogin: (provider: string | number) =>
    `/ws/integrations/${encodeURIComponent(String(provider))}/login`,
  knowledgeBaseFolders: () => '/knowledge-base/folders',
  knowledgeBaseFolder: (id: number) => `/knowledge-base/folders/${id}`,
  knowledgeBaseArticles: () => '/knowledge-base/articles',
  knowledgeBaseArticle: (id: number) => `/knowledge-base/articles/${id}`,
  /** Spec §7 (`{helpdesk}`: the help-desk connector, `support` for the built-in inbox). */
  helpTicket: (helpdesk: string) => `/ws/${encodeURIComponent(helpdesk)}/ticket`,
  uploadAttachment: (helpdesk: string) => `/ws/${encodeURIComponent(helpdesk)}/upload-attachment`,
  deleteAttachment: (helpdesk: string, id: string) =>
    `/ws/${encodeURIComponent(helpdesk)}/delete-attachment/${encodeURIComponent(id)}`,
  /** An attachment's record (status and a fresh signed URL); the caller must be its uploader or see its ticket. */
  attachment: (id: string) => `/ws/attachments/${encodeURIComponent(id)}`,
  /** The signed download: public, authorised by `expires` and `signature` in its query alone. */
  attachmentContent: (id: string) => `/ws/attachments/${encodeURIComponent(id)}/content`,
  supportTickets: () => '/support/tickets',
  supportTicket: (id: number) => `/support/tickets/${id}`,
  supportTicketReplies: (id: number) => `/support/tickets/${id}/replies`,
  supportTicketClose: (id: number) => `/support/tickets/${id}/close`,
  supportTicketReopen: (id: number) => `/support/tickets/${id}/reopen`,
  /** Spec §7: the backup promotion's demo request. */
  backupDemoRequest: () => '/division/promotion/BackupDemoRequest',
  /** Demo requests received, for administrators. */
  demoRequests: () => '/division/promotion/demo-requests',
  // Backup (issue 18): spec §7's calls under the engine's prefix, then ours (backup-plans.ts, backup-data.ts).
  /** Spec §7: whether the server's store takes backups, and its bucket. */
  backupDivisionConfig: () => '/divisionconfig/strata',
  /** Spec §7: whether the device's organization has a restore key (a boolean). */
  backupRestoreKey: (nodeId: number) => `/backup/strata/node/${nodeId}/restore-key`,
  /** The organization's restore key file (created on first use; the download is an activity). */
  backupRestoreKeyFile: (organizationId: number) =>
    `/backup/strata/clients/${organizationId}/restore-key/file`,
  /** Spec §7 strata-status, for every organization of the caller's scope, one organization, or one device. */
  backupStatus: () => '/backup/strata/strata-status',
  backupClientStatus: (organizationId: number) => `/backup/strata/clients/${organizationId}/strata-status`,
  backupNodeStatus: (nodeId: number) => `/backup/strata/nodes/${nodeId}/strata-status`,
  /** Spec §7: the device's volumes for a plan. */
  backupPlanVolumes: (nodeId: number, planId: string | number) =>
    `/backup/strata/nodes/${nodeId}/plans/${encodeURIComponent(String(planId))}/volumes`,
  /** Spec §7: clear (ignore) a failed backup job of a device and plan. */
  backupIgnoreJob: (nodeId: number, planId: string | number, jobId: string | number = planId) =>
    `/backup/strata/nodes/${nodeId}/plans-status/${encodeURIComponent(String(planId))}/jobs/${encodeURIComponent(String(jobId))}/ignore`,
  backupPlans: (organizationId: number) => `/backup/strata/clients/${organizationId}/plans`,
  backupPlan: (planId: string | number) => `/backup/strata/plans/${encodeURIComponent(String(planId))}`,
  /** The plans assigned to a device. */
  nodeBackupPlans: (nodeId: number) => `/backup/strata/nodes/${nodeId}/plans`,
  /** Last results per device and plan (filters in the query). */
  backupPlansStatus: () => '/backup/strata/plans-status',
  nodeBackupRevisions: (nodeId: number) => `/backup/strata/nodes/${nodeId}/revisions`,
  backupPlanRevisions: (planId: string | number) =>
    `/backup/strata/plans/${encodeURIComponent(String(planId))}/revisions`,
  /** One folder of a revision, for the file browser (`?path=`). */
  backupRevisionTree: (nodeId: number, revisionId: string | number) =>
    `/backup/strata/nodes/${nodeId}/revisions/${encodeURIComponent(String(revisionId))}/tree`,
  /** Storage used per organization, local and cloud. */
  backupStorage: () => '/backup/strata/storage',
  backupSettings: (organizationId: number) => `/backup/strata/clients/${organizationId}/settings`,
  backupThrottles: (organizationId: number) => `/backup/strata/clients/${organizationId}/throttles`,
  backupThrottle: (id: number) => `/backup/strata/throttles/${id}`,
  /** The throttle that applies to a device. */
  nodeBackupThrottle: (nodeId: number) => `/backup/strata/nodes/${nodeId}/throttle`,
  /** Policies and conditions (policies.ts, conditions.ts; issue 19). */
  policies: () => '/policies',
  policy: (id: number) => `/policies/${id}`,
  policyDryRun: (id: number) => `/policies/${id}/dry-run`,
  organizationPolicies: (organizationId: number) => `/organizations/${organizationId}/policies`,
  devicePolicy: (deviceId: number) => `/devices/${deviceId}/policy`,
  dynamicPolicies: () => '/dynamic-policies',
  dynamicPolicy: (id: number) => `/dynamic-policies/${id}`,
  /** Alerts (alerts.ts). */
  alerts: () => '/alerts',
  alert: (id: number) => `/alerts/${id}`,
  acknowledgeAlerts: () => '/alerts/acknowledge',
  resetAlerts: () => '/alerts/reset',
  healthStatusSettings: () => '/settings/health-status',
  maintenanceWindows: () => '/maintenance-windows',
  maintenanceWindow: (id: number) => `/maintenance-windows/${id}`,
  /** Notification channels (notification-channels.ts). */
  notificationChannels: () => '/notification-channels',
  notificationChannel: (id: number) => `/notification-channels/${id}`,
  testNotificationChannel: (id: number) => `/notification-channels/${id}/test`,
  notificationDeliveries: (id: number) => `/notification-channels/${id}/deliveries`,
  /** GraphQL (ticket rulesets, spec §7): one endpoint, POST only (rulesets-graphql.ts). */
  graphql: () => '/graphql',
  /** A signed download URL of the zip of a finished EXTRACT restore job (each one asked for is an activity). */
  backupExtract: (jobUid: string) => `/backup/strata/extracts/${encodeURIComponent(jobUid)}`,
  /** Billing (agreements.ts, invoices.ts; issue 21): agreements, invoices, license drift, a ticket's billing. */
  agreementTemplates: () => '/billing/agreement-templates',
  agreementTemplate: (id: number) => `/billing/agreement-templates/${id}`,
  agreements: () => '/billing/agreements',
  agreement: (id: number) => `/billing/agreements/${id}`,
  invoices: () => '/billing/invoices',
  generateInvoices: () => '/billing/invoices/generate',
  invoice: (id: number) => `/billing/invoices/${id}`,
  invoiceApprove: (id: number) => `/billing/invoices/${id}/approve`,
  invoiceArchive: (id: number) => `/billing/invoices/${id}/archive`,
  invoiceVoid: (id: number) => `/billing/invoices/${id}/void`,
  invoiceCsv: (id: number) => `/billing/invoices/${id}/csv`,
  invoicePdf: (id: number) => `/billing/invoices/${id}/pdf`,
  licenseDrift: () => '/billing/license-drift',
  countedQuantities: (organizationId: number) =>
    `/billing/organizations/${organizationId}/counted-quantities`,
  ticketBilling: (id: number) => `/tickets/${id}/billing`,
  ticketProducts: (id: number) => `/tickets/${id}/products`,
  ticketProduct: (id: number, itemId: number) => `/tickets/${id}/products/${itemId}`,
  timeEntryBilling: (id: number, itemId: number) => `/tickets/${id}/time-entries/${itemId}/billing`,
  /** The product catalogue (products.ts, product-api.ts; issue 21). */
  products: () => '/products',
  product: (id: number) => `/products/${id}`,
  productActivate: (id: number) => `/products/${id}/activate`,
  productDeactivate: (id: number) => `/products/${id}/deactivate`,
  /** The active products the caller's role may use (on a ticket). */
  usableProducts: () => '/products/usable',
  /** The technician roles a product may be restricted to. */
  productRoles: () => '/products/roles',
  /** Ticketing (ticketing.ts; issue 20). `/ticketing/*` is the console's route, these are the API's. */
  tickets: () => '/tickets',
  ticket: (id: number) => `/tickets/${id}`,
  ticketLog: (id: number) => `/tickets/${id}/log`,
  /** GET `?organizationId=`: the technicians a ticket of that organization may be assigned to. */
  ticketAssignees: () => '/tickets/assignees',
  ticketComments: (id: number) => `/tickets/${id}/comments`,
  ticketTimeEntries: (id: number) => `/tickets/${id}/time-entries`,
  /** POST starts the caller's timer on the ticket. */
  ticketTimer: (id: number) => `/tickets/${id}/timer`,
  /** POST stops it and writes the time entry. */
  ticketTimerStop: (id: number) => `/tickets/${id}/timer/stop`,
  ticketBoards: () => '/ticket-boards',
  ticketBoard: (id: number) => `/ticket-boards/${id}`,
  ticketBoardTickets: (id: number) => `/ticket-boards/${id}/tickets`,
  ticketForms: () => '/ticket-forms',
  ticketForm: (id: number) => `/ticket-forms/${id}`,
  /** Every setup list at once. */
  ticketSetup: () => '/ticket-setup',
  ticketSetupList: (list: string = 'teams') => `/ticket-setup/${encodeURIComponent(list)}`,
  ticketSetupItem: (list: string, id: number = 1) => `/ticket-setup/${encodeURIComponent(list)}/${id}`,
  /** Ticketing mail (ticket-mail.ts): the mailbox addresses the SMTP listener takes mail for. */
  ticketMailboxes: () => '/ticket-mailboxes',
  ticketMailbox: (id: number) => `/ticket-mailboxes/${id}`,
  /** ConnectWise PSA (psa-connectwise.ts; issue 22): spec §7's two calls and ours beside them. */
  psaSettings: () => '/psacw/v2/settings',
  psaSettingsTest: () => '/psacw/v2/settings/test',
  /** Spec §7: POST with a company filter map, answers `{companyList}`. */
  psaCompanies: () => '/psacw/v2/company/companies',
  /** Spec §7: answers `{companySiteList}`. */
  psaCompanySites: (companyId: number) => `/psacw/v2/company/companies/${companyId}/sites`,
  psaCompanyAgreements: (companyId: number) => `/psacw/v2/company/companies/${companyId}/agreements`,
  psaCatalog: () => '/psacw/v2/procurement/catalog',
  psaConfigurationTypes: () => '/psacw/v2/company/configurations/types',
  psaConfigurationStatuses: () => '/psacw/v2/company/configurations/statuses',
  psaMappings: () => '/psacw/v2/mappings',
  psaMapping: (clientId: number) => `/psacw/v2/mappings/${clientId}`,
  psaAutoMapPreview: () => '/psacw/v2/mappings/auto-map/preview',
  psaAutoMap: () => '/psacw/v2/mappings/auto-map',
  psaProductMappings: () => '/psacw/v2/product-mappings',
  psaProductMapping: (id: number) => `/psacw/v2/product-mappings/${id}`,
  psaConfigurationTypeMappings: () => '/psacw/v2/configuration-type-mappings',
  psaConfigurationTypeMapping: (id: number) => `/psacw/v2/configuration-type-mappings/${id}`,
  psaSync: () => '/psacw/v2/sync',
  psaSyncRuns: () => '/psacw/v2/sync/runs',
  psaSyncLog: () => '/psacw/v2/sync/log',
} as const;
