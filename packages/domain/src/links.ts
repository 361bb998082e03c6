/**
 * Typed links to console screens, beside the route table (`routes.ts`): the console builds every link
 * to a screen with an id through these, never by hand, and a test checks that each one lands on a route
 * of the table. Plain module (no zod): the first screens import it.
 */

/** The pages of the branding screen. */
export const brandingPages = ['general', 'help', 'videos', 'academy'] as const;
export type BrandingPage = (typeof brandingPages)[number];

export type DeviceDashboardTab = 'overview' | 'details' | 'settings' | 'customFields' | 'ticketing';
export type DeviceDashboardPagedTab = 'software' | 'osPatches' | 'tools' | 'backup' | 'activities';
export type CustomerDashboardTab =
  | 'overview'
  | 'maintenance'
  | 'pendingScripts'
  | 'alerts'
  | 'ticketing'
  | 'billing';
export type UserEditorTab = 'general' | 'sessions' | 'apiTokens';
export type RoleEditorTab = 'general' | 'permissions';
/** The tabs of `/administration/library/scripting/:page`. */
export type ScriptLibraryTab = 'scripts' | 'templates';
export type AccountTab = 'security' | 'sessions' | 'apiTokens';
export type ScheduledTaskEditorTab = 'general' | 'history';
/** The sections of the policy editor (`/editor/policy/:id/<section>`). */
export type PolicyEditorSection = 'general' | 'conditions' | 'backup' | 'scheduledScripts';
/** The sections of the organization editor (`/editor/customer/:id/<section>`). */
export type OrganizationEditorSection = 'general' | 'locations' | 'credentials' | 'policies';
export type CustomerDashboardPagedTab =
  | 'threats'
  | 'approvals'
  | 'software'
  | 'osPatches'
  | 'backup'
  | 'activities';

/**
 * The `:page` of the backup dashboards (spec §2 names the parameter, not its values): `overview` (status,
 * storage, plans and the restore key), `plans` (each plan on each device: last results, live progress) and
 * `revisions` (the revisions to browse and restore). The system dashboard has no `revisions` page.
 */
export const backupDashboardPages = ['overview', 'plans', 'revisions'] as const;
export type BackupDashboardPage = (typeof backupDashboardPages)[number];
/**
 * The sections of the ticketing settings (`/administration/apps/ticketing?section=`): forms, boards, the mailboxes
 * whose mail becomes tickets, and the ticket template setup lists of spec §3 (besides boards, which have a section
 * of their own).
 */
export const ticketingSettingsSections = [
  'forms',
  'boards',
  'mailboxes',
  'statuses',
  'teams',
  'types',
  'subtypes',
  'items',
  'priorities',
  'sources',
  'severities',
  'impacts',
] as const;
export type TicketingSettingsSection = (typeof ticketingSettingsSections)[number];
/** What a ticket board shows besides its own conditions, kept in its URL. */
export type TicketBoardQuery = { search?: string; organizationId?: number };
/** A new ticket's fields given by the page that opens the dialog (an organization's or a device's tickets). */
export type NewTicketQuery = { organizationId?: number; deviceId?: number };

/** The sections of the organization's backup editor (`/editor/customer/:id/backup/<section>`). */
export type BackupEditorSection = 'plans' | 'network-storage' | 'throttles' | 'settings';

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return params ? `${path}?${params}` : path;
};

/** What a knowledge-base page shows, kept in its URL: a folder, an article, a search. */
export type KnowledgeBaseQuery = { folder?: number; article?: number; q?: string };
const kbQuery = ({ folder, article, q }: KnowledgeBaseQuery) => ({
  folder: folder === undefined ? undefined : String(folder),
  article: article === undefined ? undefined : String(article),
  q: q?.trim() || undefined,
});

export const links = {
  /** `/account/<tab>`: one's own second factors, sessions and API tokens. */
  account: (tab: AccountTab = 'security') => `/account/${tab}`,
  /** `/deviceDashboard/:id/<tab>`. */
  device: (id: number, tab: DeviceDashboardTab = 'overview') => `/deviceDashboard/${id}/${tab}`,
  /** `/deviceDashboard/:id/<tab>/:page`, with the list's search when given. */
  devicePage: (id: number, tab: DeviceDashboardPagedTab, page = 1, query: { search?: string } = {}) =>
    withQuery(`/deviceDashboard/${id}/${tab}/${page}`, query),
  /** `/customerDashboard/:id/<tab>`. */
  organization: (id: number, tab: CustomerDashboardTab = 'overview') => `/customerDashboard/${id}/${tab}`,
  /** `/customerDashboard/:id/<tab>/:page`. */
  organizationPage: (id: number, tab: CustomerDashboardPagedTab, page = 1) =>
    `/customerDashboard/${id}/${tab}/${page}`,
  /** `/customerDashboard/:id/<tab>`: the base of a paged tab, its page appended by the list. */
  organizationPages: (id: number, tab: CustomerDashboardPagedTab) => `/customerDashboard/${id}/${tab}`,
  /** `/customerDashboard/:id/location/:location`. */
  location: (organizationId: number, locationId: number) =>
    `/customerDashboard/${organizationId}/location/${locationId}`,
  /** `/editor/customer/:id`: the organization editor; its other sections are `/editor/customer/:id/<section>`. */
  organizationEditor: (id: number | 'new', section: OrganizationEditorSection = 'general') =>
    section === 'general' ? `/editor/customer/${id}` : `/editor/customer/${id}/${section}`,
  /** `/editor/user/:id/<tab>`: a technician's editor. */
  userEditor: (id: number, tab: UserEditorTab = 'general') => `/editor/user/${id}/${tab}`,
  /** `/editor/endUser/:id/general`: an end user's editor. */
  endUserEditor: (id: number) => `/editor/endUser/${id}/general`,
  /** `/editor/role/:id/<tab>`; a new role (`new`) says its kind in `?roleType=`. */
  roleEditor: (id: number | 'new', tab: RoleEditorTab = 'general', roleType?: 'TECHNICIAN' | 'END_USER') =>
    withQuery(`/editor/role/${id}/${tab}`, { roleType: id === 'new' ? roleType : undefined }),
  /** `/administration/policies/agent`: the agent policies. */
  policies: () => '/administration/policies/agent',
  /** `/editor/policy/:id` (`new` for a new policy); its other sections are `/editor/policy/:id/<section>`. */
  policyEditor: (id: number | 'new', section: PolicyEditorSection = 'general') =>
    section === 'general' ? `/editor/policy/${id}` : `/editor/policy/${id}/${section}`,
  /** `/administration/dynamicPolicies`. */
  dynamicPolicies: () => '/administration/dynamicPolicies',
  /** `/administration/tasks`: the scheduled tasks. */
  scheduledTasks: () => '/administration/tasks',
  /** `/editor/scheduledTask/:id` (`new` for a new task); the history tab is `/editor/scheduledTask/:id/history`. */
  scheduledTaskEditor: (id: number | 'new', tab: ScheduledTaskEditorTab = 'general') =>
    tab === 'general' ? `/editor/scheduledTask/${id}` : `/editor/scheduledTask/${id}/${tab}`,
  /** `/administration/library/scripting/<tab>`: the script library, or its templates. */
  scriptLibrary: (tab: ScriptLibraryTab = 'scripts') => `/administration/library/scripting/${tab}`,
  /** `/editor/script/:id` (`new` writes a new script). */
  scriptEditor: (id: number | 'new') => `/editor/script/${id}`,
  /** `/editor/templateScript/:id`: a shipped template, read-only. */
  templateScriptEditor: (id: number) => `/editor/templateScript/${id}`,
  /** `/administration/general/branding/<page>`: branding, help menu, video tutorials, academy. */
  branding: (page: BrandingPage = 'general') => `/administration/general/branding/${page}`,
  /** `/editor/websiteBranding`: the logo's image editor (crop, resize, upload). */
  websiteBrandingEditor: () => '/editor/websiteBranding',
  /** `/group/:id`. */
  group: (id: number) => `/group/${id}`,
  /** `/deviceSearch`, with the header's search text when given. */
  deviceSearch: (text?: string) => withQuery('/deviceSearch', { q: text?.trim() || undefined }),
  /** `/deviceSearch` opened on a saved search or group. */
  deviceSearchOf: (searchId: number) => `/deviceSearch?searchId=${searchId}`,
  /** `/systemDashboard/pendingScripts`. */
  pendingScripts: () => '/systemDashboard/pendingScripts',
  /** `/systemDashboard/knowledgeBase`: the MSP's knowledge base, on a folder, an article or a search. */
  knowledgeBase: (query: KnowledgeBaseQuery = {}) =>
    withQuery('/systemDashboard/knowledgeBase', kbQuery(query)),
  /** `/customerDashboard/:id/documentation`: the articles attached to the organization. */
  organizationKnowledgeBase: (id: number, query: KnowledgeBaseQuery = {}) =>
    withQuery(`/customerDashboard/${id}/documentation`, kbQuery(query)),
  /** `/systemDashboard/backup/:page`. */
  systemBackup: (page: Exclude<BackupDashboardPage, 'revisions'> = 'overview') =>
    `/systemDashboard/backup/${page}`,
  /** `/customerDashboard/:id/backup/:page`. */
  organizationBackup: (id: number, page: BackupDashboardPage = 'overview') =>
    `/customerDashboard/${id}/backup/${page}`,
  /** `/deviceDashboard/:id/backup/:page` (a device has no `plans` page: its overview lists them). */
  deviceBackup: (id: number, page: Exclude<BackupDashboardPage, 'plans'> = 'overview') =>
    `/deviceDashboard/${id}/backup/${page}`,
  /** `/editor/customer/:id/backup/<section>`: the organization's backup plans, shares, throttles, settings. */
  backupEditor: (organizationId: number, section: BackupEditorSection = 'plans') =>
    `/editor/customer/${organizationId}/backup/${section}`,
  /** `/editor/customer/:id/backup/plans/:planId` (`new` for a new plan; `?kind=networkShare` to start one). */
  backupPlanEditor: (organizationId: number, planId: string | 'new', query: { kind?: string } = {}) =>
    withQuery(`/editor/customer/${organizationId}/backup/plans/${planId}`, { kind: query.kind }),
  /** `/ticketing/board/:id`: a ticket board (board 1 is the fixed one of spec §9), with its search and filters. */
  ticketBoard: (id = 1, query: TicketBoardQuery = {}) =>
    withQuery(`/ticketing/board/${id}`, {
      search: query.search?.trim() || undefined,
      organizationId: query.organizationId === undefined ? undefined : String(query.organizationId),
    }),
  /** `/ticketing/ticket/:id`: one ticket. */
  ticket: (id: number) => `/ticketing/ticket/${id}`,
  /** `/ticketing/new`: a new ticket, its organization and device filled in when given. */
  newTicket: (query: NewTicketQuery = {}) =>
    withQuery('/ticketing/new', {
      organizationId: query.organizationId === undefined ? undefined : String(query.organizationId),
      deviceId: query.deviceId === undefined ? undefined : String(query.deviceId),
    }),
  /** `/administration/apps/ticketing`: forms, boards and the setup lists. */
  ticketingSettings: (section: TicketingSettingsSection = 'forms') =>
    withQuery('/administration/apps/ticketing', { section: section === 'forms' ? undefined : section }),
  /** `/administration/apps/ticketing/rulesets`: the ticket rulesets, one open in its dialog (`new` or an id). */
  ticketRulesets: (ruleset?: number | 'new') =>
    withQuery('/administration/apps/ticketing/rulesets', {
      ruleset: ruleset === undefined ? undefined : String(ruleset),
    }),
  /** `/administration/billing/products`: the product catalogue, one product open in its edit dialog. */
  products: (product?: number) =>
    withQuery('/administration/billing/products', {
      product: product === undefined ? undefined : String(product),
    }),
  /** `/systemDashboard/overview`: where the console opens. */
  home: () => '/systemDashboard/overview',
} as const;
