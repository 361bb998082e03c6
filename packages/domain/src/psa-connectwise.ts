import * as z from 'zod';
import {
  DEFAULT_REFRESH_INTERVAL_SECONDS,
  isManualRefresh,
  REFRESH_INTERVAL_OPTIONS_SECONDS,
} from './constants.ts';
import { listOf, PageQuery } from './http.ts';
import { messages } from './messages.ts';
import { LocationSiteMapping, PsaAccountMapping } from './psa.ts';

/**
 * The ConnectWise PSA integration's API (issue 22): connection settings, spec §7's two calls and the lists
 * read from ConnectWise beside them, the account mappings of spec §3 with the §4 transitions (psa.ts), the
 * product and configuration-type mappings, and the sync with its log. Paths: `psaPaths` in api-paths.ts.
 */

export const PSA_DEFAULT_COMPANY_TYPES = ['Client'] as const;
export const PSA_DEFAULT_COMPANY_STATUSES = ['Active'] as const;
/** Spec §9's refresh intervals are the sync intervals offered; the manual one means "on demand only". */
export const PSA_SYNC_INTERVALS_SECONDS = REFRESH_INTERVAL_OPTIONS_SECONDS;
export const PSA_DEFAULT_SYNC_INTERVAL_SECONDS = DEFAULT_REFRESH_INTERVAL_SECONDS;
export const isManualPsaSync = isManualRefresh;

/** Texts of the integration that the spec does not show (docs/decisions.md "PSA: ConnectWise"). */
export const psaMessages = {
  DISABLED: 'The ConnectWise PSA integration is turned off (Administration → General → Settings).',
  NOT_CONFIGURED:
    'ConnectWise PSA is not connected yet: enter the site, company id, keys and client id, then save.',
  KEYS_REQUIRED: 'Enter the public and the private key.',
  ALL_ORGANIZATIONS:
    'Only a technician who sees every organization can change the ConnectWise connection, its mappings of products and configuration types, or run a sync.',
  CLIENT_NOT_FOUND: 'The organization does not exist.',
  COMPANY_NOT_FOUND: 'The ConnectWise company does not exist (any more); choose another.',
  SITE_NOT_FOUND: 'The ConnectWise site is not a site of the chosen company.',
  AGREEMENT_NOT_FOUND: 'The agreement is not an active agreement of the chosen company.',
  LOCATION_NOT_FOUND: 'The location is not a location of this organization.',
  PRODUCT_MAPPING_NOT_FOUND: 'The product mapping does not exist.',
  CONFIGURATION_TYPE_MAPPING_NOT_FOUND: 'The configuration type mapping does not exist.',
  MAPPING_NAME_TAKEN: 'A mapping with this name exists already.',
  /** `{clients}`: how many organizations use it. */
  MAPPING_IN_USE: 'Mappings of {clients} organization(s) use it; choose another for them first.',
  CATALOG_ITEM_NOT_FOUND: 'The catalog item is not an active product of the ConnectWise catalog.',
  CONFIGURATION_TYPE_NOT_FOUND: 'The configuration type does not exist in ConnectWise.',
  CONFIGURATION_STATUS_NOT_FOUND: 'The configuration status does not exist in ConnectWise.',
  DUPLICATE_ROLE: 'Each device role (and group) can be mapped once.',
  SYNC_RUNNING: 'A sync is running already; wait for it to finish.',
} as const;
export type PsaMessageCode = keyof typeof psaMessages;

/** Error codes the PSA routes answer, with their HTTP status. */
export const psaErrorStatus = {
  PSA_DISABLED: 404,
  PSA_NOT_CONFIGURED: 409,
  PSA_KEYS_REQUIRED: 400,
  PSA_ALL_ORGANIZATIONS: 403,
  PSA_NOT_FOUND: 404,
  PSA_INVALID_REFERENCE: 400,
  PSA_NAME_TAKEN: 409,
  PSA_MAPPING_IN_USE: 409,
  PSA_SYNC_RUNNING: 409,
  /** ConnectWise failed or refused; the message starts with the spec §8 text of what was being done. */
  PSA_UPSTREAM_FAILED: 502,
} as const;
export type PsaErrorCode = keyof typeof psaErrorStatus;

/** The spec §8 texts of the mapping screen, by what failed. */
export const psaFailureMessages = {
  companies: messages.psaMapping.fetchCompaniesError,
  sites: messages.psaMapping.fetchCompanySitesError,
  refreshSites: messages.psaMapping.refreshCompanySitesError,
  autoMap: messages.psaMapping.autoMapError,
  groups: messages.groups.fetchError,
  /** Decided: the spec names no text for these lists. */
  agreements: 'Error fetching agreements',
  catalog: 'Error fetching catalog products',
  configurationTypes: 'Error fetching configuration types',
  configurationStatuses: 'Error fetching configuration statuses',
  sync: 'Error while syncing with ConnectWise',
} as const;

// ---------------------------------------------------------------- connection settings

const name = (max: number) => z.string().trim().min(1).max(max);
const criteriaNames = /* @__PURE__ */ z.array(name(50)).max(50);

export const PsaSyncInterval = /* @__PURE__ */ z
  .number()
  .int()
  .refine((seconds) => (PSA_SYNC_INTERVALS_SECONDS as readonly number[]).includes(seconds), {
    message: 'Choose one of the offered intervals.',
  });

/**
 * What the settings form sends. The keys are write-only: encrypted at rest, never answered; a save without
 * them keeps the stored ones (the first save needs both).
 */
export const PsaConnectionInput = /* @__PURE__ */ z
  .object({
    /** `na.myconnectwise.net` (https), or a full `https://` address of an on-premises server. */
    site: name(255),
    companyId: name(100),
    publicKey: z.string().trim().min(1).max(200).optional(),
    privateKey: z.string().trim().min(1).max(200).optional(),
    clientId: name(100),
    /** `v4_6_release/`; empty: discovered from the site's companyinfo. */
    codebase: z
      .string()
      .trim()
      .max(100)
      .regex(/^[\w.-]*\/?$/, 'A codebase looks like v4_6_release/.')
      .default(''),
    /** Which companies the mapping lists: company types and statuses (by name). */
    companyTypes: criteriaNames.default([...PSA_DEFAULT_COMPANY_TYPES]),
    companyStatuses: criteriaNames.default([...PSA_DEFAULT_COMPANY_STATUSES]),
    syncIntervalSeconds: PsaSyncInterval.default(PSA_DEFAULT_SYNC_INTERVAL_SECONDS),
  })
  .strict();
export type PsaConnectionInput = z.input<typeof PsaConnectionInput>;

export const PsaConnection = /* @__PURE__ */ z.object({
  configured: z.boolean(),
  site: z.string(),
  companyId: z.string(),
  clientId: z.string(),
  codebase: z.string(),
  hasKeys: z.boolean(),
  companyTypes: z.array(z.string()),
  companyStatuses: z.array(z.string()),
  syncIntervalSeconds: z.number().int(),
  lastTestTime: z.string().nullable(),
  lastTestOk: z.boolean().nullable(),
  lastTestMessage: z.string().nullable(),
  nextSyncTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type PsaConnection = z.infer<typeof PsaConnection>;

/** Test connection: the form as typed (keys left out: the stored ones), or nothing (the saved settings). */
export const TestPsaConnectionRequest = /* @__PURE__ */ PsaConnectionInput.nullish();
export const TestPsaConnectionResponse = /* @__PURE__ */ z.object({
  ok: z.boolean(),
  message: z.string(),
  /** ConnectWise's version and the API root used, when it answered. */
  version: z.string().nullable(),
  apiRoot: z.string().nullable(),
});
export type TestPsaConnectionResponse = z.infer<typeof TestPsaConnectionResponse>;

// ---------------------------------------------------------------- spec §7 and the lists read from ConnectWise

/** Spec §7 "company filter map": absent criteria are the settings'; `name` matches part of the name. */
export const PsaCompanyFilterMap = /* @__PURE__ */ z
  .object({
    name: z.string().trim().max(100).optional(),
    types: criteriaNames.optional(),
    statuses: criteriaNames.optional(),
  })
  .strict();
export type PsaCompanyFilterMap = z.infer<typeof PsaCompanyFilterMap>;

export const PsaCompanyRecord = /* @__PURE__ */ z.object({
  id: z.number().int(),
  identifier: z.string(),
  name: z.string(),
  status: z.string().nullable(),
  types: z.array(z.string()),
});
export type PsaCompanyRecord = z.infer<typeof PsaCompanyRecord>;
export const PsaCompanyListResponse = /* @__PURE__ */ z.object({ companyList: z.array(PsaCompanyRecord) });
export type PsaCompanyListResponse = z.infer<typeof PsaCompanyListResponse>;

export const PsaSiteRecord = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  inactive: z.boolean(),
});
export type PsaSiteRecord = z.infer<typeof PsaSiteRecord>;
export const PsaCompanySiteListResponse = /* @__PURE__ */ z.object({
  companySiteList: z.array(PsaSiteRecord),
});
export type PsaCompanySiteListResponse = z.infer<typeof PsaCompanySiteListResponse>;

/** `?refresh=true` reads ConnectWise again instead of the server's short cache. */
export const PsaRefreshQuery = /* @__PURE__ */ z.object({
  refresh: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export const PsaAgreementRecord = /* @__PURE__ */ z.object({ id: z.number().int(), name: z.string() });
export type PsaAgreementRecord = z.infer<typeof PsaAgreementRecord>;
export const PsaAgreementListResponse = /* @__PURE__ */ z.object({
  agreementList: z.array(PsaAgreementRecord),
});
export type PsaAgreementListResponse = z.infer<typeof PsaAgreementListResponse>;

export const PsaCatalogItem = /* @__PURE__ */ z.object({
  id: z.number().int(),
  identifier: z.string(),
  description: z.string(),
});
export type PsaCatalogItem = z.infer<typeof PsaCatalogItem>;
export const PsaCatalogResponse = /* @__PURE__ */ z.object({ catalogItemList: z.array(PsaCatalogItem) });
export type PsaCatalogResponse = z.infer<typeof PsaCatalogResponse>;

export const PsaNamedRecord = /* @__PURE__ */ z.object({ id: z.number().int(), name: z.string() });
export type PsaNamedRecord = z.infer<typeof PsaNamedRecord>;
export const PsaConfigurationTypesResponse = /* @__PURE__ */ z.object({
  configurationTypeList: z.array(PsaNamedRecord),
});
export type PsaConfigurationTypesResponse = z.infer<typeof PsaConfigurationTypesResponse>;
export const PsaConfigurationStatusesResponse = /* @__PURE__ */ z.object({
  configurationStatusList: z.array(PsaNamedRecord),
});
export type PsaConfigurationStatusesResponse = z.infer<typeof PsaConfigurationStatusesResponse>;

// ---------------------------------------------------------------- account mappings (spec §3, §4)

/** A location's mapping as answered: spec §3's fields with the location's id. */
export const PsaLocationSiteMappingRow = /* @__PURE__ */ LocationSiteMapping.extend({
  locationId: z.number().int(),
});
export type PsaLocationSiteMappingRow = z.infer<typeof PsaLocationSiteMappingRow>;

/** An organization's mapping as answered: spec §3's with what the last sync found wrong with it. */
export const PsaAccountMappingRow = /* @__PURE__ */ PsaAccountMapping.extend({
  locationSiteMappings: z.array(PsaLocationSiteMappingRow),
  syncError: z.string().nullable(),
  lastSyncTime: z.string().nullable(),
});
export type PsaAccountMappingRow = z.infer<typeof PsaAccountMappingRow>;

export const psaMappingStates = ['ALL', 'MAPPED', 'UNMAPPED'] as const;
export const ListPsaMappingsQuery = /* @__PURE__ */ PageQuery.extend({
  search: z.string().trim().max(200).optional(),
  state: z.enum(psaMappingStates).default('ALL'),
});
/** What a caller sends (every field may be left out). */
export type ListPsaMappingsQuery = Partial<z.output<typeof ListPsaMappingsQuery>>;
export const ListPsaMappingsResponse = /* @__PURE__ */ listOf(PsaAccountMappingRow);
export type ListPsaMappingsResponse = z.infer<typeof ListPsaMappingsResponse>;

export const ClientIdParam = /* @__PURE__ */ z.object({
  clientId: z.coerce.number().int().positive().max(2147483647),
});

const optionalId = /* @__PURE__ */ z.number().int().positive().nullable();

/**
 * The mapping dialog's save: the company, the client defaults and each location's site, agreement and
 * overrides. Names are read from ConnectWise and our mappings, not taken from the request. A location left
 * out keeps no mapping; a location override equal to the default is stored as the default (spec §4).
 */
export const SavePsaMappingRequest = /* @__PURE__ */ z
  .object({
    companyId: z.number().int().positive(),
    productMappingId: optionalId,
    configurationTypeMappingId: optionalId,
    locationSiteMappings: z
      .array(
        z
          .object({
            locationId: z.number().int().positive(),
            psaSiteId: optionalId,
            agreementId: optionalId,
            productMappingId: optionalId,
            configurationTypeMappingId: optionalId,
          })
          .strict(),
      )
      .max(1000),
  })
  .strict();
export type SavePsaMappingRequest = z.infer<typeof SavePsaMappingRequest>;

export const PsaAutoMapMatch = /* @__PURE__ */ z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
});
export type PsaAutoMapMatch = z.infer<typeof PsaAutoMapMatch>;
export const PsaAutoMapPreviewResponse = /* @__PURE__ */ z.object({ matches: z.array(PsaAutoMapMatch) });
export type PsaAutoMapPreviewResponse = z.infer<typeof PsaAutoMapPreviewResponse>;
/** The matches the user confirmed in the preview. */
export const PsaAutoMapRequest = /* @__PURE__ */ z
  .object({
    matches: z
      .array(
        z.object({ clientId: z.number().int().positive(), companyId: z.number().int().positive() }).strict(),
      )
      .min(1)
      .max(5000),
  })
  .strict();
export type PsaAutoMapRequest = z.infer<typeof PsaAutoMapRequest>;
export const PsaAutoMapResponse = /* @__PURE__ */ z.object({
  mapped: z.array(PsaAutoMapMatch),
  /** Confirmed matches that no longer held (mapped meanwhile, names changed): left as they were. */
  skipped: z.array(z.object({ clientId: z.number().int(), reason: z.string() })),
});
export type PsaAutoMapResponse = z.infer<typeof PsaAutoMapResponse>;

// ---------------------------------------------------------------- product and configuration-type mappings

/** Which devices a rule counts: a device role, narrowed to a device group when one is named. */
const RuleTarget = {
  nodeRoleId: z.number().int().positive(),
  groupId: z.number().int().nullable().default(null),
};

export const PsaProductMappingRuleInput = /* @__PURE__ */ z
  .object({ ...RuleTarget, catalogItemId: z.number().int().positive() })
  .strict();
export const PsaProductMappingInput = /* @__PURE__ */ z
  .object({ name: name(100), rules: z.array(PsaProductMappingRuleInput).min(1).max(100) })
  .strict();
export type PsaProductMappingInput = z.input<typeof PsaProductMappingInput>;
export const PsaProductMapping = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  rules: z.array(
    z.object({
      nodeRoleId: z.number().int(),
      groupId: z.number().int().nullable(),
      catalogItemId: z.number().int(),
      catalogItemIdentifier: z.string(),
      catalogItemDescription: z.string(),
    }),
  ),
  /** Organizations whose mapping uses it (as default or at a location). */
  clientCount: z.number().int(),
  updateTime: z.string(),
});
export type PsaProductMapping = z.infer<typeof PsaProductMapping>;
export const ListPsaProductMappingsResponse = /* @__PURE__ */ z.object({ data: z.array(PsaProductMapping) });

export const PsaConfigurationTypeMappingRuleInput = /* @__PURE__ */ z
  .object({ ...RuleTarget, configurationTypeId: z.number().int().positive() })
  .strict();
export const PsaConfigurationTypeMappingInput = /* @__PURE__ */ z
  .object({
    name: name(100),
    /** The status a configuration gets when a device appears, and when it goes. */
    statusOnCreateId: z.number().int().positive().nullable(),
    statusOnDeleteId: z.number().int().positive().nullable(),
    rules: z.array(PsaConfigurationTypeMappingRuleInput).min(1).max(100),
  })
  .strict();
export type PsaConfigurationTypeMappingInput = z.input<typeof PsaConfigurationTypeMappingInput>;
export const PsaConfigurationTypeMapping = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  statusOnCreateId: z.number().int().nullable(),
  statusOnCreateName: z.string().nullable(),
  statusOnDeleteId: z.number().int().nullable(),
  statusOnDeleteName: z.string().nullable(),
  rules: z.array(
    z.object({
      nodeRoleId: z.number().int(),
      groupId: z.number().int().nullable(),
      configurationTypeId: z.number().int(),
      configurationTypeName: z.string(),
    }),
  ),
  clientCount: z.number().int(),
  updateTime: z.string(),
});
export type PsaConfigurationTypeMapping = z.infer<typeof PsaConfigurationTypeMapping>;
export const ListPsaConfigurationTypeMappingsResponse = /* @__PURE__ */ z.object({
  data: z.array(PsaConfigurationTypeMapping),
});

/** A rule list names each role-and-group once. */
export const hasDuplicateRuleTargets = (rules: readonly { nodeRoleId: number; groupId?: number | null }[]) =>
  new Set(rules.map((rule) => `${rule.nodeRoleId}:${rule.groupId ?? ''}`)).size !== rules.length;

// ---------------------------------------------------------------- sync

export const psaSyncTriggers = ['SCHEDULE', 'MANUAL'] as const;
export const psaSyncStatuses = ['RUNNING', 'SUCCESS', 'PARTIAL', 'FAILED'] as const;
export const PsaSyncStatus = /* @__PURE__ */ z.enum(psaSyncStatuses);
export type PsaSyncStatus = z.infer<typeof PsaSyncStatus>;
export const psaSyncLevels = ['INFO', 'WARNING', 'ERROR'] as const;
export const PsaSyncLevel = /* @__PURE__ */ z.enum(psaSyncLevels);
export type PsaSyncLevel = z.infer<typeof PsaSyncLevel>;
export const psaSyncRecordTypes = [
  'CONNECTION',
  'COMPANY',
  'AGREEMENT',
  'ADDITION',
  'CONFIGURATION',
] as const;

export const PsaSyncSummary = /* @__PURE__ */ z.object({
  clients: z.number().int(),
  additionsCreated: z.number().int(),
  additionsUpdated: z.number().int(),
  configurationsCreated: z.number().int(),
  configurationsRetired: z.number().int(),
  errors: z.number().int(),
});
export type PsaSyncSummary = z.infer<typeof PsaSyncSummary>;

export const PsaSyncRun = /* @__PURE__ */ z.object({
  id: z.number().int(),
  trigger: z.enum(psaSyncTriggers),
  status: PsaSyncStatus,
  startTime: z.string(),
  finishTime: z.string().nullable(),
  summary: PsaSyncSummary,
  startedBy: z.string().nullable(),
});
export type PsaSyncRun = z.infer<typeof PsaSyncRun>;
export const ListPsaSyncRunsResponse = /* @__PURE__ */ listOf(PsaSyncRun);
export type ListPsaSyncRunsResponse = z.infer<typeof ListPsaSyncRunsResponse>;

export const PsaSyncLogEntry = /* @__PURE__ */ z.object({
  id: z.number().int(),
  runId: z.number().int(),
  time: z.string(),
  level: PsaSyncLevel,
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  recordType: z.enum(psaSyncRecordTypes),
  /** The record it is about, by name and ConnectWise id: "Configuration PC-7 (id 1012)". */
  recordName: z.string(),
  message: z.string(),
});
export type PsaSyncLogEntry = z.infer<typeof PsaSyncLogEntry>;
export const ListPsaSyncLogQuery = /* @__PURE__ */ PageQuery.extend({
  runId: z.coerce.number().int().positive().optional(),
  level: PsaSyncLevel.optional(),
});
export type ListPsaSyncLogQuery = Partial<z.output<typeof ListPsaSyncLogQuery>>;
export const ListPsaSyncLogResponse = /* @__PURE__ */ listOf(PsaSyncLogEntry);
export type ListPsaSyncLogResponse = z.infer<typeof ListPsaSyncLogResponse>;
