import * as z from 'zod';
import { ListDevicesQuery } from './devices.ts';
import { ScriptJobRequest } from './job-api.ts';
import type { Permission } from './permissions.ts';
import { SavedDeviceSearch, SearchCriteria } from './searches.ts';

/** Calls over saved device searches (spec §3, §7 GET /searches, POST /search/runner/execute-action). */

/** Presets sit in DEFAULT; a technician's own searches in CUSTOM unless they name a group. */
export const DEFAULT_SEARCH_GROUP = 'DEFAULT';
/** A device group (`/group/:id`, `/administration/devices/groups`) is a saved search in this search group. */
export const DEVICE_GROUP_SEARCH_GROUP = 'GROUP';
export const CUSTOM_SEARCH_GROUP = 'CUSTOM';

/** customFields must be a JSON object's text: it is merged into the record on the way out. */
const customFields = z
  .string()
  .max(10_000)
  .refine((text) => {
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    } catch {
      return false;
    }
  }, 'customFields must be the text of a JSON object');

/** One search as GET /searches answers it; the keys of customFields are merged in beside these. */
export const DeviceSearch = /* @__PURE__ */ z.looseObject({
  ...SavedDeviceSearch.shape,
  /** The preset key (ALL, UP, ...) or null for a stored search. */
  key: z.string().nullable(),
  searchGroup: z.string(),
  isPreset: z.boolean(),
});
export type DeviceSearch = z.infer<typeof DeviceSearch>;

export const ListSearchesResponse = /* @__PURE__ */ z.array(DeviceSearch);
export type ListSearchesResponse = z.infer<typeof ListSearchesResponse>;

const searchFields = {
  search: z.string().trim().min(1).max(200),
  criteria: SearchCriteria.extend({ rules: SearchCriteria.shape.rules.max(50) }),
  searchGroup: z.string().trim().min(1).max(100),
  customFields: customFields.nullish(),
};

export const CreateSearchRequest = z
  .object({ ...searchFields, searchGroup: searchFields.searchGroup.default(CUSTOM_SEARCH_GROUP) })
  .strict();
export type CreateSearchRequest = z.input<typeof CreateSearchRequest>;

/** Only the fields sent change; customFields null clears them. */
export const UpdateSearchRequest = /* @__PURE__ */ z.object(searchFields).partial().strict();
export type UpdateSearchRequest = z.input<typeof UpdateSearchRequest>;

/** Search ids include the presets' negative ids. */
export const SearchIdParam = /* @__PURE__ */ z.object({
  id: z.coerce.number().int().min(-1000).max(2147483647),
});
export type SearchIdParam = z.infer<typeof SearchIdParam>;

/** GET /searches/{id}/devices takes the device list's filters, sort and paging besides the criteria. */
export const RunSearchQuery = ListDevicesQuery;
export type RunSearchQuery = z.output<typeof RunSearchQuery>;

/** POST /searches/run: criteria not saved yet (the builder's preview), with the device list's filters. */
export const RunCriteriaRequest = /* @__PURE__ */ ListDevicesQuery.extend({ criteria: SearchCriteria });
export type RunCriteriaRequest = z.input<typeof RunCriteriaRequest>;

// ---- POST /search/runner/execute-action ----

/** REBOOT and RUN_SCRIPT create one job per device (the jobs of POST /webapp/submit/job). */
export const searchActions = [
  'APPROVE',
  'REJECT',
  'DELETE',
  'MOVE_TO_LOCATION',
  'REBOOT',
  'RUN_SCRIPT',
] as const;
export const SearchAction = /* @__PURE__ */ z.enum(searchActions);
export type SearchAction = z.infer<typeof SearchAction>;

/** The permission each bulk action needs: the server checks it, the console hides what the user lacks. */
export const searchActionPermissions = {
  APPROVE: 'devices.approve',
  REJECT: 'devices.approve',
  DELETE: 'devices.manage',
  MOVE_TO_LOCATION: 'devices.manage',
  REBOOT: 'jobs.run',
  RUN_SCRIPT: 'jobs.run',
} as const satisfies Record<SearchAction, Permission>;

export const EXECUTE_ACTION_MAX_DEVICES = 10_000;

/** Which devices: a saved search or preset, criteria given inline, or a list of node ids. */
export const ActionTarget = /* @__PURE__ */ z.union([
  z.object({ searchId: z.number().int() }).strict(),
  z.object({ criteria: SearchCriteria }).strict(),
  z.object({ nodeIds: z.array(z.number().int().positive()).min(1).max(EXECUTE_ACTION_MAX_DEVICES) }).strict(),
]);
export type ActionTarget = z.infer<typeof ActionTarget>;

/**
 * Runs one action on every device the target matches within the caller's scope.
 * APPROVE and REJECT need devices.approve; DELETE and MOVE_TO_LOCATION need devices.manage.
 * MOVE_TO_LOCATION needs `locationId`; devices of another organization than the location's are skipped.
 * REBOOT and RUN_SCRIPT need jobs.run (a library script: scripts.run); RUN_SCRIPT needs `script` (an ACTION
 * job's content).
 */
export const ExecuteActionRequest = z
  .object({
    action: SearchAction,
    target: ActionTarget,
    locationId: z.number().int().positive().optional(),
    script: ScriptJobRequest.optional(),
    /** The job name shown in activities and pending jobs (RUN_SCRIPT, REBOOT). */
    jobName: z.string().trim().min(1).max(200).optional(),
  })
  .strict()
  .refine((body) => body.action !== 'MOVE_TO_LOCATION' || body.locationId !== undefined, {
    message: 'locationId is required for MOVE_TO_LOCATION',
    path: ['locationId'],
  })
  .refine((body) => body.action !== 'RUN_SCRIPT' || body.script !== undefined, {
    message: 'script is required for RUN_SCRIPT',
    path: ['script'],
  });
export type ExecuteActionRequest = z.input<typeof ExecuteActionRequest>;

export const ExecuteActionResponse = /* @__PURE__ */ z.object({
  resultCode: z.literal('SUCCESS'),
  action: SearchAction,
  /** Devices the target matched in the caller's scope (capped at EXECUTE_ACTION_MAX_DEVICES). */
  matched: z.number().int(),
  /** Devices the action was applied to, each with an activity. */
  affected: z.number().int(),
  /** Matched devices left alone (a move to a location of another organization). */
  skipped: z.number().int(),
  /** REBOOT and RUN_SCRIPT: the jobs created, one per affected device. */
  jobUids: z.array(z.string()).optional(),
});
export type ExecuteActionResponse = z.infer<typeof ExecuteActionResponse>;

// ---- GET /node/{id}/wakeup ----

export const WAKE_ON_LAN_RESULT_CODE_NO_MAC = 'NO_USABLE_MAC_ADRESSES';
export const WakeupResponse = /* @__PURE__ */ z.object({ resultCode: z.literal('SUCCESS') });
export type WakeupResponse = z.infer<typeof WakeupResponse>;
