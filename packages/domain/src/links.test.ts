import { describe, expect, it } from 'vitest';
import { links } from './links.ts';
import { consoleRoutes } from './routes.ts';

/** A route pattern as a regular expression: `:name` one segment, `:name?` an optional one, `*` the rest. */
const patternOf = (path: string) =>
  new RegExp(
    `^${path
      .split('/')
      .map((segment) => {
        if (segment === '*') return '(/.*)?';
        if (segment.startsWith(':')) return segment.endsWith('?') ? '(/[^/]+)?' : '/[^/]+';
        return segment ? `/${segment}` : '';
      })
      .join('')}$`,
  );

const routeOf = (href: string) => {
  const path = href.split('?')[0]!;
  return consoleRoutes.find((route) => patternOf(route.path).test(path));
};

describe('links', () => {
  const examples: [string, string][] = [
    [links.device(7), 'deviceDashboard.overview'],
    [links.device(7, 'settings'), 'deviceDashboard.settings'],
    [links.devicePage(7, 'activities', 3), 'deviceDashboard.activities__page'],
    [links.organization(4), 'customerDashboard.overview'],
    [links.organization(4, 'pendingScripts'), 'customerDashboard.pendingScripts'],
    [links.organizationPage(4, 'approvals'), 'customerDashboard.approvals__page'],
    [links.location(4, 9), 'customerDashboard.location__location'],
    [links.organizationEditor(4), 'editor.customer'],
    [links.group(2), 'group'],
    [links.deviceSearch('web 01'), 'deviceSearch'],
    [links.deviceSearchOf(5), 'deviceSearch'],
    [`${links.organizationPages(4, 'activities')}/2`, 'customerDashboard.activities__page'],
    [links.devicePage(7, 'software', 2, { search: 'zip' }), 'deviceDashboard.software__page'],
    [links.pendingScripts(), 'systemDashboard.pendingScripts'],
    [links.home(), 'systemDashboard.overview'],
    [links.userEditor(3), 'editor.user'],
    [links.scriptLibrary(), 'administration.library.scripting__page'],
    [links.scriptLibrary('templates'), 'administration.library.scripting__page'],
    [links.scriptEditor('new'), 'editor.script'],
    [links.scriptEditor(5), 'editor.script'],
    [links.templateScriptEditor(2), 'editor.templateScript'],
    [links.account(), 'account'],
    [links.account('apiTokens'), 'account'],
    [links.userEditor(3, 'apiTokens'), 'editor.user'],
    [links.endUserEditor(3), 'editor.endUser'],
    [links.roleEditor(2, 'permissions'), 'editor.role'],
    [links.roleEditor('new', 'general', 'END_USER'), 'editor.role'],
    [links.scheduledTasks(), 'administration.tasks'],
    [links.policies(), 'administration.policies.agent'],
    [links.policyEditor('new'), 'editor.policy'],
    [links.policyEditor(3, 'conditions'), 'editor.policy'],
    [links.dynamicPolicies(), 'administration.dynamicPolicies'],
    [links.organizationEditor(4, 'policies'), 'editor.customerSection'],
    [links.scheduledTaskEditor('new'), 'editor.scheduledTask'],
    [links.scheduledTaskEditor(12, 'history'), 'editor.scheduledTask'],
    [links.knowledgeBase({ article: 3 }), 'systemDashboard.knowledgeBase'],
    [links.systemBackup(), 'systemDashboard.backup__page'],
    [links.organizationBackup(4, 'revisions'), 'customerDashboard.backup__page'],
    [links.deviceBackup(7), 'deviceDashboard.backup__page'],
    [links.backupEditor(4), 'editor.customerBackup'],
    [links.backupEditor(4, 'network-storage'), 'editor.customerBackupNetworkStorage'],
    [links.backupPlanEditor(4, 'new', { kind: 'networkShare' }), 'editor.customerBackup'],
    [links.organizationKnowledgeBase(4, { folder: 2, q: 'vpn' }), 'customerDashboard.documentation__'],
    [links.ticketBoard(), 'ticketing'],
    [links.ticketBoard(3, { search: 'vpn', organizationId: 4 }), 'ticketing'],
    [links.ticket(12), 'ticketing'],
    [links.newTicket({ organizationId: 4, deviceId: 7 }), 'ticketing'],
    [links.device(7, 'ticketing'), 'deviceDashboard.ticketing'],
    [links.organization(4, 'ticketing'), 'customerDashboard.ticketing'],
    [links.ticketingSettings('statuses'), 'administration.apps.ticketing'],
    [links.ticketRulesets(), 'administration.apps.ticketing_rulesets'],
    [links.ticketRulesets(5), 'administration.apps.ticketing_rulesets'],
    [links.products(), 'administration.billing.products'],
    [links.products(9), 'administration.billing.products'],
  ];

  it.each(examples)('%s lands on the route %s of the table', (href, id) => {
    expect(routeOf(href)?.id).toBe(id);
  });

  it('builds the paths and queries it names', () => {
    expect(links.devicePage(7, 'activities', 3)).toBe('/deviceDashboard/7/activities/3');
    expect(links.location(4, 9)).toBe('/customerDashboard/4/location/9');
    expect(links.deviceSearch('  web 01 ')).toBe('/deviceSearch?q=web+01');
    expect(links.deviceSearch('   ')).toBe('/deviceSearch');
    expect(links.devicePage(7, 'software', 2, { search: 'a b' })).toBe(
      '/deviceDashboard/7/software/2?search=a+b',
    );
    expect(links.devicePage(7, 'software', 2, { search: '' })).toBe('/deviceDashboard/7/software/2');
    expect(links.roleEditor('new', 'general', 'END_USER')).toBe('/editor/role/new/general?roleType=END_USER');
    expect(links.roleEditor(4, 'general', 'END_USER')).toBe('/editor/role/4/general');
    expect(links.userEditor(5, 'sessions')).toBe('/editor/user/5/sessions');
    expect(links.ticketBoard()).toBe('/ticketing/board/1');
    expect(links.ticketBoard(2, { search: ' vpn ', organizationId: 4 })).toBe(
      '/ticketing/board/2?search=vpn&organizationId=4',
    );
    expect(links.newTicket({ deviceId: 7 })).toBe('/ticketing/new?deviceId=7');
    expect(links.ticketingSettings()).toBe('/administration/apps/ticketing');
    expect(links.ticketingSettings('teams')).toBe('/administration/apps/ticketing?section=teams');
    expect(links.ticketRulesets('new')).toBe('/administration/apps/ticketing/rulesets?ruleset=new');
    expect(links.products(9)).toBe('/administration/billing/products?product=9');
  });
});
