import { describe, expect, it } from 'vitest';
import {
  applyAutoMap,
  clearPsaMapping,
  findAutoMapMatches,
  LocationSiteMapping,
  ProductMappingType,
  PsaAccountMapping,
  setDefaultConfigurationTypeMapping,
  setDefaultProductMapping,
} from './psa.ts';

const createLocation = (overrides: Partial<LocationSiteMapping> = {}): LocationSiteMapping => ({
  locationName: 'HQ',
  agreementId: 10,
  agreementName: 'Managed',
  psaSiteId: 20,
  psaSiteName: 'Main',
  productMappingId: 30,
  productMappingName: 'Workstation',
  productMappingType: 'CUSTOM',
  configurationTypeMappingId: 40,
  configurationTypeMappingName: 'Laptop',
  mapped: true,
  ...overrides,
});

const createMapping = (overrides: Partial<PsaAccountMapping> = {}): PsaAccountMapping => ({
  clientId: 1,
  clientName: 'Acme',
  companyId: null,
  companyName: null,
  productMappingId: null,
  productMappingName: null,
  configurationTypeMappingId: null,
  configurationTypeMappingName: null,
  locationSiteMappings: [],
  ...overrides,
});

describe('PSA mapping schema', () => {
  it('defaults productMappingType to CLIENT_DEFAULT', () => {
    expect(ProductMappingType.options).toEqual(['CLIENT_DEFAULT', 'CUSTOM']);
    const { productMappingType: _left, ...location } = createLocation();
    expect(LocationSiteMapping.parse(location).productMappingType).toBe('CLIENT_DEFAULT');
    const mapping = createMapping({ locationSiteMappings: [createLocation()] });
    expect(PsaAccountMapping.parse(mapping)).toEqual(mapping);
  });
});

describe('auto-map', () => {
  const companies = [
    { id: 7, name: 'ACME ' },
    { id: 8, name: 'Globex' },
    { id: 9, name: 'Initech' },
    { id: 10, name: 'initech' },
  ];

  it('maps unmapped clients whose name equals a company name', () => {
    const mappings = [
      createMapping(),
      createMapping({ clientId: 2, clientName: 'Globex', companyId: 99, companyName: 'Other' }),
      createMapping({ clientId: 3, clientName: 'Initech' }),
      createMapping({ clientId: 4, clientName: 'Umbrella' }),
    ];
    expect(findAutoMapMatches(mappings, companies)).toEqual([
      { clientId: 1, clientName: 'Acme', companyId: 7, companyName: 'ACME ' },
    ]);
    const mapped = applyAutoMap(mappings, companies);
    expect(mapped[0]).toMatchObject({ companyId: 7, companyName: 'ACME ' });
    expect(mapped.slice(1)).toEqual(mappings.slice(1));
  });
});

describe('clearing a mapping', () => {
  it('resets company, product, configuration type and every location', () => {
    const mapping = createMapping({
      companyId: 7,
      companyName: 'Acme',
      productMappingId: 30,
      productMappingName: 'Workstation',
      configurationTypeMappingId: 40,
      configurationTypeMappingName: 'Laptop',
      locationSiteMappings: [createLocation()],
    });
    expect(clearPsaMapping(mapping)).toEqual({
      ...createMapping(),
      locationSiteMappings: [
        {
          locationName: 'HQ',
          agreementId: null,
          agreementName: null,
          psaSiteId: null,
          psaSiteName: null,
          productMappingId: null,
          productMappingName: null,
          productMappingType: 'CLIENT_DEFAULT',
          configurationTypeMappingId: null,
          configurationTypeMappingName: null,
          mapped: false,
        },
      ],
    });
  });
});

describe('choosing a default mapping', () => {
  const mapping = createMapping({
    locationSiteMappings: [
      createLocation(),
      createLocation({ locationName: 'Branch', productMappingId: 31, configurationTypeMappingId: 41 }),
    ],
  });

  it('clears location product mappings that matched the new default', () => {
    const next = setDefaultProductMapping(mapping, { id: 30, name: 'Workstation' });
    expect(next).toMatchObject({ productMappingId: 30, productMappingName: 'Workstation' });
    expect(next.locationSiteMappings[0]).toMatchObject({
      productMappingId: null,
      productMappingName: null,
      productMappingType: 'CLIENT_DEFAULT',
      psaSiteId: 20,
    });
    expect(next.locationSiteMappings[1]).toEqual(mapping.locationSiteMappings[1]);
  });

  it('clears location configuration types that matched the new default', () => {
    const next = setDefaultConfigurationTypeMapping(mapping, { id: 41, name: 'Server' });
    expect(next.configurationTypeMappingId).toBe(41);
    expect(next.locationSiteMappings[0]).toEqual(mapping.locationSiteMappings[0]);
    expect(next.locationSiteMappings[1]).toMatchObject({
      configurationTypeMappingId: null,
      configurationTypeMappingName: null,
    });
  });

  it('clears no location when the default is removed', () => {
    const next = setDefaultProductMapping(mapping, null);
    expect(next.productMappingId).toBeNull();
    expect(next.locationSiteMappings).toEqual(mapping.locationSiteMappings);
  });
});
