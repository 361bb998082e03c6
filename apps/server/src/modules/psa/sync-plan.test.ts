import { describe, expect, it } from 'vitest';
import {
  additionKey,
  type PlanClient,
  type PlanDevice,
  type PlanLocation,
  planAdditions,
  planConfigurations,
  ruleFor,
} from './sync-plan.ts';

/** The sync's mapping rules, without ConnectWise or a database. */

const client = (overrides: Partial<PlanClient> = {}): PlanClient => ({
  organizationId: 1,
  organizationName: 'Acme',
  companyId: 70,
  productMappingId: 100,
  configurationTypeMappingId: 200,
  ...overrides,
});
const location = (overrides: Partial<PlanLocation> = {}): PlanLocation => ({
  locationId: 10,
  organizationId: 1,
  psaSiteId: 500,
  agreementId: 900,
  agreementName: 'Managed',
  productMappingId: null,
  configurationTypeMappingId: null,
  ...overrides,
});
let nextDevice = 1;
const device = (overrides: Partial<PlanDevice> = {}): PlanDevice => ({
  id: nextDevice++,
  organizationId: 1,
  locationId: 10,
  nodeRoleId: 2,
  displayName: 'PC',
  serial: null,
  ...overrides,
});
const productMappings = new Map([
  [
    100,
    {
      id: 100,
      rules: [
        { nodeRoleId: 2, groupId: null, catalogItemId: 11, catalogItemIdentifier: 'RMM-WKS' },
        { nodeRoleId: 1, groupId: null, catalogItemId: 12, catalogItemIdentifier: 'RMM-SRV' },
        { nodeRoleId: 2, groupId: 7, catalogItemId: 13, catalogItemIdentifier: 'RMM-VIP' },
      ],
    },
  ],
  [
    101,
    {
      id: 101,
      rules: [{ nodeRoleId: 2, groupId: null, catalogItemId: 14, catalogItemIdentifier: 'RMM-LITE' }],
    },
  ],
]);
const configurationTypeMappings = new Map([
  [
    200,
    {
      id: 200,
      statusOnCreateId: 31,
      statusOnDeleteId: 32,
      rules: [
        { nodeRoleId: 2, groupId: null, configurationTypeId: 21, configurationTypeName: 'Workstation' },
      ],
    },
  ],
  [
    201,
    {
      id: 201,
      statusOnCreateId: null,
      statusOnDeleteId: null,
      rules: [{ nodeRoleId: 2, groupId: null, configurationTypeId: 22, configurationTypeName: 'Kiosk' }],
    },
  ],
]);

describe('rules', () => {
  it('a rule naming a group wins over the role’s own; a gone group matches nothing', () => {
    const rules = productMappings.get(100)!.rules;
    const vip = device();
    const other = device();
    const groups = new Map([[7, new Set([vip.id])]]);
    expect(ruleFor(rules, vip, groups)?.catalogItemId).toBe(13);
    expect(ruleFor(rules, other, groups)?.catalogItemId).toBe(11);
    expect(ruleFor(rules, vip, new Map([[7, undefined]]))?.catalogItemId).toBe(11);
    expect(ruleFor(rules, device({ nodeRoleId: 9 }), groups)).toBeUndefined();
  });
});

describe('agreement additions', () => {
  it('counts devices per product at the locations billed on each agreement, every rule kept (0 when none)', () => {
    const devices = [
      device(),
      device(),
      device({ nodeRoleId: 5 }),
      device({ locationId: 11 }),
      device({ locationId: null }),
    ];
    const targets = planAdditions({
      clients: [client()],
      locations: [location(), location({ locationId: 11, agreementId: null })],
      devices,
      productMappings,
      groups: new Map(),
    });
    expect(targets.get(additionKey(900, 11))).toMatchObject({ quantity: 2, organizationIds: [1] });
    expect(targets.get(additionKey(900, 12))?.quantity).toBe(0);
    expect(targets.get(additionKey(900, 13))?.quantity).toBe(0);
    expect(targets.size).toBe(3);
  });

  it('a location’s own product mapping replaces the default, and two organizations on one agreement add up', () => {
    const targets = planAdditions({
      clients: [client(), client({ organizationId: 2, organizationName: 'Globex' })],
      locations: [location({ productMappingId: 101 }), location({ locationId: 20, organizationId: 2 })],
      devices: [
        device(),
        device({ organizationId: 2, locationId: 20 }),
        device({ organizationId: 2, locationId: 20 }),
      ],
      productMappings,
      groups: new Map(),
    });
    expect(targets.get(additionKey(900, 14))?.quantity).toBe(1);
    expect(targets.get(additionKey(900, 11))).toMatchObject({ quantity: 2, organizationIds: [2] });
  });

  it('an organization without a product mapping bills nothing', () => {
    const targets = planAdditions({
      clients: [client({ productMappingId: null })],
      locations: [location()],
      devices: [device()],
      productMappings,
      groups: new Map(),
    });
    expect(targets.size).toBe(0);
  });
});

describe('configurations', () => {
  it('one per mapped device, at its location’s site, with the mapping’s statuses; the location override wins', () => {
    const atHq = device();
    const atKiosk = device({ locationId: 11 });
    const nowhere = device({ locationId: null });
    const server = device({ nodeRoleId: 1 });
    const wanted = planConfigurations({
      clients: [client()],
      locations: [location(), location({ locationId: 11, psaSiteId: 501, configurationTypeMappingId: 201 })],
      devices: [atHq, atKiosk, nowhere, server, device({ organizationId: 3 })],
      configurationTypeMappings,
      groups: new Map(),
    });
    expect([...wanted.keys()]).toEqual([atHq.id, atKiosk.id, nowhere.id]);
    expect(wanted.get(atHq.id)).toMatchObject({
      companyId: 70,
      siteId: 500,
      configurationTypeId: 21,
      statusOnCreateId: 31,
      statusOnDeleteId: 32,
    });
    expect(wanted.get(atKiosk.id)).toMatchObject({
      siteId: 501,
      configurationTypeId: 22,
      statusOnCreateId: null,
    });
    expect(wanted.get(nowhere.id)).toMatchObject({ siteId: null, configurationTypeId: 21 });
  });
});
