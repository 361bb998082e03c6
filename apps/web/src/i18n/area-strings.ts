import { approvalLabels } from '@rmm/domain';
import { attachmentStrings } from '../components/attachments/attachment-strings.ts';
import { backupPlanStrings } from '../components/backup-plan/backup-plan-strings.ts';
import { criteriaStrings } from '../components/criteria/criteria-strings.ts';
import { healthStatusStrings } from '../components/health-status-strings.ts';
import { helpTooltipStrings } from '../components/help-tooltip-strings.ts';
import { runScriptStrings } from '../components/run-script/run-script-strings.ts';
import { scheduleStrings } from '../components/schedule/schedule-strings.ts';
import { unsavedChangesStrings } from '../components/unsaved-changes-strings.ts';
import { activitiesStrings } from '../features/activities/strings.ts';
import { alertsStrings } from '../features/alerts/strings.ts';
import { approvalsStrings } from '../features/approvals/strings.ts';
import { accountStrings } from '../features/auth/account-strings.ts';
import { backupStrings } from '../features/backup/strings.ts';
import { backupPromotionStrings } from '../features/backup-promotion/strings.ts';
import { billingStrings } from '../features/billing/strings.ts';
import { brandingStrings } from '../features/branding/strings.ts';
import { deviceSearchStrings } from '../features/device-search/strings.ts';
import { devicesStrings } from '../features/devices/strings.ts';
import { groupsStrings } from '../features/groups/strings.ts';
import { helpStrings } from '../features/help/strings.ts';
import { jobStrings } from '../features/jobs/job-strings.ts';
import { knowledgeBaseStrings } from '../features/knowledge-base/strings.ts';
import { nodeRolesStrings } from '../features/node-roles/strings.ts';
import { notificationChannelsStrings } from '../features/notification-channels/strings.ts';
import { organizationsStrings } from '../features/organizations/strings.ts';
import { policiesStrings } from '../features/policies/strings.ts';
import { productsStrings } from '../features/products/strings.ts';
import { psaStrings } from '../features/psa/strings.ts';
import { scheduledTasksStrings } from '../features/scheduled-tasks/strings.ts';
import { scriptsStrings } from '../features/scripts/strings.ts';
import { settingsStrings } from '../features/settings/strings.ts';
import { supportInboxStrings } from '../features/support-inbox/strings.ts';
import { tagsStrings } from '../features/tags/strings.ts';
import { ticketRulesetsStrings } from '../features/ticket-rulesets/strings.ts';
import { ticketingStrings } from '../features/ticketing/strings.ts';
import { usersStrings } from '../features/users/strings.ts';

/**
 * English strings of the areas that the first load (sign-in, frame, dashboard) never shows: one chunk,
 * fetched once with the first screen that needs it (`loadAreaStrings`, awaited by router.tsx's screens).
 * A new area adds its strings here, not to en.ts, so it costs the first load nothing.
 */
export const areaStrings = {
  ...accountStrings,
  ...activitiesStrings,
  ...alertsStrings,
  ...approvalsStrings,
  ...backupStrings,
  ...billingStrings,
  ...backupPlanStrings,
  ...backupPromotionStrings,
  ...attachmentStrings,
  ...brandingStrings,
  ...criteriaStrings,
  ...deviceSearchStrings,
  ...devicesStrings,
  ...groupsStrings,
  ...healthStatusStrings,
  ...helpStrings,
  ...helpTooltipStrings,
  ...jobStrings,
  ...knowledgeBaseStrings,
  ...nodeRolesStrings,
  ...notificationChannelsStrings,
  ...organizationsStrings,
  ...policiesStrings,
  ...productsStrings,
  ...psaStrings,
  ...scheduledTasksStrings,
  ...runScriptStrings,
  ...scheduleStrings,
  ...scriptsStrings,
  ...settingsStrings,
  ...supportInboxStrings,
  ...tagsStrings,
  ...ticketingStrings,
  ...ticketRulesetsStrings,
  ...unsavedChangesStrings,
  ...usersStrings,
  ...Object.fromEntries(
    Object.entries(approvalLabels).map(([status, label]) => [`approvals.status.${status}`, label]),
  ),
} as const;
