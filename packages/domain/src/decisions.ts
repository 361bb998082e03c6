import { BACKUP_ENGINE, BACKUP_ENGINE_PREFIX } from './backup.ts';
import { deviceConditionTypeIds, networkConditionTypeIds } from './enums.ts';
import { JOB_OUTPUT_CAP_BYTES, JOB_OUTPUT_CHUNK_BYTES, scriptLanguages } from './job-api.ts';
import { diskOrFileRestoreTypes, jobTypeNumbers } from './jobs.ts';
import { billedProductTypes } from './products.ts';
import { TICKET_BOARD_PATH } from './routes.ts';
import { DISABLED_RULESET_SUFFIX } from './rulesets.ts';
import { defaultSearchPresets } from './searches.ts';
import { helpLanguages, supportTicketCustomFieldIds, ticketingOptionsByTarget } from './tickets.ts';

/** The values docs/decisions.md settles, gathered from the code that defines them (a test checks the doc). */
export const decidedValues = {
  jobTypeNumbers,
  addedJobStatuses: ['IN_PROGRESS', 'EXPIRED'],
  jobOutputLimits: { JOB_OUTPUT_CAP_BYTES, JOB_OUTPUT_CHUNK_BYTES },
  scriptLanguages,
  backupEngine: BACKUP_ENGINE,
  backupEnginePrefix: BACKUP_ENGINE_PREFIX,
  diskOrFileRestoreTypes,
  billedProductTypes,
  genericWebhookOptions: ticketingOptionsByTarget.GENERIC_WEBHOOK,
  helpDeskOptions: ticketingOptionsByTarget.HELP_DESK,
  ticketBoardPath: TICKET_BOARD_PATH,
  deviceConditionTypeIds,
  networkConditionTypeIds,
  searchPresetIds: Object.fromEntries(defaultSearchPresets.map((preset) => [preset.key, preset.id])),
  supportTicketCustomFieldIds,
  helpLanguages,
  disabledRulesetSuffix: DISABLED_RULESET_SUFFIX,
} as const;
