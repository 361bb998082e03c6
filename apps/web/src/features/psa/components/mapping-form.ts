import {
  type NamedRef,
  type PsaAccountMappingRow,
  type PsaLocationSiteMappingRow,
  type SavePsaMappingRequest,
  setDefaultConfigurationTypeMapping,
  setDefaultProductMapping,
} from '@rmm/domain';

/** The mapping dialogs' form: spec §3's mapping, changed with §4's transitions (psa.ts). */
export type MappingForm = PsaAccountMappingRow;

const ref = (id: number | null, list: readonly NamedRef[]): NamedRef | null =>
  id === null ? null : (list.find((item) => item.id === id) ?? { id, name: '' });

/** Spec §4: a default product mapping clears the location mappings that matched it. */
export const withDefaultProduct = (
  form: MappingForm,
  id: number | null,
  list: readonly NamedRef[],
): MappingForm => ({ ...form, ...setDefaultProductMapping(form, ref(id, list)) }) as MappingForm;

/** Spec §4: the same for the configuration-type mapping. */
export const withDefaultConfigurationType = (
  form: MappingForm,
  id: number | null,
  list: readonly NamedRef[],
): MappingForm => ({ ...form, ...setDefaultConfigurationTypeMapping(form, ref(id, list)) }) as MappingForm;

/** Another company: its sites and agreements are not the old one's. */
export const withCompany = (form: MappingForm, company: NamedRef | null): MappingForm => ({
  ...form,
  companyId: company?.id ?? null,
  companyName: company?.name ?? null,
  locationSiteMappings: form.locationSiteMappings.map((location) => ({
    ...location,
    psaSiteId: null,
    psaSiteName: null,
    agreementId: null,
    agreementName: null,
    mapped: false,
  })),
});

export const withLocation = (
  form: MappingForm,
  locationId: number,
  change: Partial<PsaLocationSiteMappingRow>,
): MappingForm => ({
  ...form,
  locationSiteMappings: form.locationSiteMappings.map((location) =>
    location.locationId === locationId
      ? {
          ...location,
          ...change,
          ...(change.psaSiteId === undefined ? {} : { mapped: change.psaSiteId !== null }),
          ...(change.productMappingId === undefined
            ? {}
            : { productMappingType: change.productMappingId === null ? 'CLIENT_DEFAULT' : 'CUSTOM' }),
        }
      : location,
  ),
});

export const saveRequestOf = (form: MappingForm): SavePsaMappingRequest => ({
  companyId: form.companyId!,
  productMappingId: form.productMappingId,
  configurationTypeMappingId: form.configurationTypeMappingId,
  locationSiteMappings: form.locationSiteMappings.map((location) => ({
    locationId: location.locationId,
    psaSiteId: location.psaSiteId,
    agreementId: location.agreementId,
    productMappingId: location.productMappingId,
    configurationTypeMappingId: location.configurationTypeMappingId,
  })),
});
