import { consoleRoutes, englishMessages, httpMessages } from '@rmm/domain';
import { realtimeStrings } from '../app/realtime/strings.ts';
import { inputStrings } from '../components/inputs/input-strings.ts';
import { statusStrings } from '../components/status-strings.ts';
import { authStrings } from '../features/auth/strings.ts';
import { dashboardStrings } from '../features/dashboard/strings.ts';

/**
 * The console's own English strings that the sign-in page, the frame and the dashboard need (the first
 * load). The other areas' strings come with their screens (`area-strings.ts`). Spec messages come from
 * @rmm/domain, never retyped here.
 */
export const uiStrings = {
  'app.name': 'RMM Console',
  'app.loading': 'Loading…',
  'common.save': 'Save',
  'common.saving': 'Saving…',
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.delete': 'Delete',
  'common.edit': 'Edit',
  'common.add': 'Add',
  'common.remove': 'Remove',
  'common.search': 'Search',
  'common.all': 'All',
  'common.retry': 'Retry',
  'common.error': 'Something went wrong',
  'common.noResults': 'Nothing matches your search.',
  'common.page': 'Page {page} of {pages}',
  'common.total': '{count} in total',
  'common.name': 'Name',
  'common.description': 'Description',
  'common.address': 'Address',
  'common.yes': 'Yes',
  'common.no': 'No',
  'common.never': 'Never',
  'common.copy': 'Copy',
  'common.copied': 'Copied',
  'common.done': 'Done',
  'header.searchDevices': 'Search devices',
  'header.help': 'Help',
  'header.darkMode': 'Dark mode',
  'header.userMenu': 'User menu',
  'header.myAccount': 'My account',
  'nav.dashboard': 'Dashboard',
  'nav.devices': 'Devices',
  'nav.organizations': 'Organizations',
  'nav.ticketing': 'Ticketing',
  'nav.reporting': 'Reporting',
  'nav.remoteSupport': 'Remote support',
  'nav.administration': 'Administration',
  'nav.activities': 'Activities',
  'nav.getStarted': 'Get started',
  'nav.apps': 'Apps',
  'comingSoon.title': '{name} is coming in a later release',
  'comingSoon.body': 'This area is planned. Everything else in the console works today.',
  'comingSoon.back': 'Go to the dashboard',
  'notFound.title': 'Page not found',
  'notFound.body': 'There is no page at {path}.',
  'noAccess.title': 'You do not have access to this page',
  'noAccess.body': 'Your role does not allow you to open {name}. Ask an administrator if you need it.',
  'editor.close': 'Close editor',
  'extensionBlocked.title': 'Extension blocked',
  ...authStrings,
  ...dashboardStrings,
  ...realtimeStrings,
  ...statusStrings,
  ...inputStrings,
  ...Object.fromEntries(consoleRoutes.map((r) => [`routes.${r.id}`, r.title])),
  ...Object.fromEntries(Object.entries(httpMessages).map(([code, text]) => [`http.${code}`, text])),
} as const;

/** English catalog: UI strings plus every spec message under `spec.<id>`. */
export const en: Record<string, string> = {
  ...uiStrings,
  ...Object.fromEntries(Object.entries(englishMessages).map(([id, text]) => [`spec.${id}`, text])),
};
