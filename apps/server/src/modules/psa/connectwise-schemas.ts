import * as z from 'zod';

/**
 * The parts of ConnectWise Manage's REST API 3.0 models that the connector reads (developer.connectwise.com,
 * "Manage" → Company, Finance, Procurement). Every answer is checked against these: a field we read that is
 * missing or of another type is an unexpected answer, not a crash further on. Other fields pass through unread.
 */

const id = z.number().int();
/** `{id, name}` references (`status`, `type`, `company`, `site`, ...); `_info` links are ignored. */
export const CwReference = z.looseObject({ id, name: z.string().optional() });
export type CwReference = z.infer<typeof CwReference>;
const optionalReference = CwReference.nullish();

/** GET {site}/login/companyinfo/{companyId}: where the company's API lives. */
export const CwCompanyInfo = z.looseObject({
  CompanyName: z.string().nullish(),
  Codebase: z.string().min(1),
  VersionCode: z.string().nullish(),
  CompanyID: z.string().nullish(),
  IsCloud: z.boolean().nullish(),
  SiteUrl: z.string().nullish(),
});
export type CwCompanyInfo = z.infer<typeof CwCompanyInfo>;

/** GET /system/info: the test-connection call. */
export const CwSystemInfo = z.looseObject({
  version: z.string(),
  isCloud: z.boolean().nullish(),
  serverTimeZone: z.string().nullish(),
});
export type CwSystemInfo = z.infer<typeof CwSystemInfo>;

/** /company/companies: `types` is a list since API 2019.3 (`type` before); `deletedFlag` for soft deletes. */
export const CwCompany = z.looseObject({
  id,
  identifier: z.string(),
  name: z.string(),
  status: optionalReference,
  types: z.array(CwReference).nullish(),
  deletedFlag: z.boolean().nullish(),
});
export type CwCompany = z.infer<typeof CwCompany>;

/** /company/companies/{id}/sites. */
export const CwCompanySite = z.looseObject({
  id,
  name: z.string(),
  inactiveFlag: z.boolean().nullish(),
  primaryAddressFlag: z.boolean().nullish(),
});
export type CwCompanySite = z.infer<typeof CwCompanySite>;

/** /finance/agreements: an agreement of a company; `cancelledFlag` and `agreementStatus` say whether it is live. */
export const CwAgreement = z.looseObject({
  id,
  name: z.string(),
  company: CwReference,
  agreementStatus: z.string().nullish(),
  cancelledFlag: z.boolean().nullish(),
  noEndingDateFlag: z.boolean().nullish(),
});
export type CwAgreement = z.infer<typeof CwAgreement>;

/** /finance/agreements/{id}/additions: a product on the agreement with its billed quantity. */
export const CwAddition = z.looseObject({
  id,
  product: z.looseObject({ id, identifier: z.string().nullish() }),
  quantity: z.number(),
  agreementId: id.nullish(),
  cancelledDate: z.string().nullish(),
  billCustomer: z.string().nullish(),
});
export type CwAddition = z.infer<typeof CwAddition>;

/** /procurement/catalog: a catalog item (product). */
export const CwCatalogItem = z.looseObject({
  id,
  identifier: z.string(),
  description: z.string().nullish(),
  inactiveFlag: z.boolean().nullish(),
});
export type CwCatalogItem = z.infer<typeof CwCatalogItem>;

/** /company/configurations/types and /company/configurations/statuses. */
export const CwConfigurationType = z.looseObject({
  id,
  name: z.string(),
  inactiveFlag: z.boolean().nullish(),
});
export type CwConfigurationType = z.infer<typeof CwConfigurationType>;
export const CwConfigurationStatus = z.looseObject({
  id,
  description: z.string(),
  closedFlag: z.boolean().nullish(),
  defaultFlag: z.boolean().nullish(),
});
export type CwConfigurationStatus = z.infer<typeof CwConfigurationStatus>;

/** /company/configurations: a configuration (a device) of a company. */
export const CwConfiguration = z.looseObject({
  id,
  name: z.string(),
  type: CwReference,
  status: optionalReference,
  company: CwReference,
  site: optionalReference,
  serialNumber: z.string().nullish(),
});
export type CwConfiguration = z.infer<typeof CwConfiguration>;

/** The error body ConnectWise answers 4xx and 5xx with. */
export const CwErrorBody = z.looseObject({
  code: z.string().nullish(),
  message: z.string().nullish(),
  errors: z
    .array(
      z.looseObject({
        code: z.string().nullish(),
        message: z.string().nullish(),
        resource: z.string().nullish(),
        field: z.string().nullish(),
      }),
    )
    .nullish(),
});
export type CwErrorBody = z.infer<typeof CwErrorBody>;
