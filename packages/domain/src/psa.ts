import * as z from 'zod';

/** Spec §3 PSA account mapping and §4 mapping transitions, as pure functions. */

export const productMappingTypes = ['CLIENT_DEFAULT', 'CUSTOM'] as const;
export const ProductMappingType = /* @__PURE__ */ z.enum(productMappingTypes);
export type ProductMappingType = z.infer<typeof ProductMappingType>;
export const DEFAULT_PRODUCT_MAPPING_TYPE: ProductMappingType = 'CLIENT_DEFAULT';

const OptionalId = /* @__PURE__ */ z.number().int().nullable();
const OptionalName = /* @__PURE__ */ z.string().nullable();

export const LocationSiteMapping = /* @__PURE__ */ z.object({
  locationName: z.string(),
  agreementId: OptionalId,
  agreementName: OptionalName,
  psaSiteId: OptionalId,
  psaSiteName: OptionalName,
  productMappingId: OptionalId,
  productMappingName: OptionalName,
  productMappingType: ProductMappingType.default(DEFAULT_PRODUCT_MAPPING_TYPE),
  configurationTypeMappingId: OptionalId,
  configurationTypeMappingName: OptionalName,
  mapped: z.boolean(),
});
export type LocationSiteMapping = z.infer<typeof LocationSiteMapping>;

export const PsaAccountMapping = /* @__PURE__ */ z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  companyId: OptionalId,
  companyName: OptionalName,
  productMappingId: OptionalId,
  productMappingName: OptionalName,
  configurationTypeMappingId: OptionalId,
  configurationTypeMappingName: OptionalName,
  locationSiteMappings: z.array(LocationSiteMapping),
});
export type PsaAccountMapping = z.infer<typeof PsaAccountMapping>;

export const PsaCompany = /* @__PURE__ */ z.object({ id: z.number().int(), name: z.string() });
export type PsaCompany = z.infer<typeof PsaCompany>;
export type NamedRef = { id: number; name: string };

/** Names compare trimmed and without regard to case. */
export const samePsaName = (a: string, b: string): boolean =>
  a.trim().localeCompare(b.trim(), undefined, { sensitivity: 'accent' }) === 0;

export type AutoMapMatch = { clientId: number; clientName: string; companyId: number; companyName: string };

/** Unmapped clients whose name equals exactly one company's name; ambiguous names are skipped. */
export const findAutoMapMatches = (
  mappings: readonly PsaAccountMapping[],
  companies: readonly PsaCompany[],
): AutoMapMatch[] =>
  mappings.flatMap((mapping) => {
    if (mapping.companyId !== null) return [];
    const found = companies.filter((company) => samePsaName(company.name, mapping.clientName));
    const [company] = found;
    if (found.length !== 1 || company === undefined) return [];
    return [
      {
        clientId: mapping.clientId,
        clientName: mapping.clientName,
        companyId: company.id,
        companyName: company.name,
      },
    ];
  });

export const applyAutoMap = (
  mappings: readonly PsaAccountMapping[],
  companies: readonly PsaCompany[],
): PsaAccountMapping[] => {
  const matches = new Map(findAutoMapMatches(mappings, companies).map((match) => [match.clientId, match]));
  return mappings.map((mapping) => {
    const match = matches.get(mapping.clientId);
    return match ? { ...mapping, companyId: match.companyId, companyName: match.companyName } : mapping;
  });
};

/** A location keeps its name; everything it was mapped to is reset. */
export const clearLocationSiteMapping = (location: LocationSiteMapping): LocationSiteMapping => ({
  locationName: location.locationName,
  agreementId: null,
  agreementName: null,
  psaSiteId: null,
  psaSiteName: null,
  productMappingId: null,
  productMappingName: null,
  productMappingType: DEFAULT_PRODUCT_MAPPING_TYPE,
  configurationTypeMappingId: null,
  configurationTypeMappingName: null,
  mapped: false,
});

/** Clearing resets company, product and configuration-type fields and the location mappings. */
export const clearPsaMapping = (mapping: PsaAccountMapping): PsaAccountMapping => ({
  ...mapping,
  companyId: null,
  companyName: null,
  productMappingId: null,
  productMappingName: null,
  configurationTypeMappingId: null,
  configurationTypeMappingName: null,
  locationSiteMappings: mapping.locationSiteMappings.map(clearLocationSiteMapping),
});

/** A location that matched the new default product mapping falls back to the client default. */
export const setDefaultProductMapping = (
  mapping: PsaAccountMapping,
  product: NamedRef | null,
): PsaAccountMapping => ({
  ...mapping,
  productMappingId: product?.id ?? null,
  productMappingName: product?.name ?? null,
  locationSiteMappings: mapping.locationSiteMappings.map((location) =>
    product !== null && location.productMappingId === product.id
      ? {
          ...location,
          productMappingId: null,
          productMappingName: null,
          productMappingType: DEFAULT_PRODUCT_MAPPING_TYPE,
        }
      : location,
  ),
});

/** A location that matched the new default configuration type falls back to the client default. */
export const setDefaultConfigurationTypeMapping = (
  mapping: PsaAccountMapping,
  configurationType: NamedRef | null,
): PsaAccountMapping => ({
  ...mapping,
  configurationTypeMappingId: configurationType?.id ?? null,
  configurationTypeMappingName: configurationType?.name ?? null,
  locationSiteMappings: mapping.locationSiteMappings.map((location) =>
    configurationType !== null && location.configurationTypeMappingId === configurationType.id
      ? { ...location, configurationTypeMappingId: null, configurationTypeMappingName: null }
      : location,
  ),
});
