/**
 * What the sync wants ConnectWise to hold, computed from our mappings and devices alone (no I/O):
 * - per agreement and catalog product, the number of devices of the product mapping's roles (and groups) at the
 *   locations billed on that agreement (a location's own product mapping, else its organization's default);
 * - per device, a configuration of the type its configuration-type mapping gives its role (and group), at the
 *   location's site, with the mapping's statuses.
 * A rule naming a group wins over the role's rule without one; a device matching no rule counts nowhere.
 */

export type RuleTarget = { nodeRoleId: number; groupId: number | null };
export type PlanClient = {
  organizationId: number;
  organizationName: string;
  companyId: number;
  productMappingId: number | null;
  configurationTypeMappingId: number | null;
};
export type PlanLocation = {
  locationId: number;
  organizationId: number;
  psaSiteId: number | null;
  agreementId: number | null;
  agreementName: string | null;
  productMappingId: number | null;
  configurationTypeMappingId: number | null;
};
export type PlanDevice = {
  id: number;
  organizationId: number;
  locationId: number | null;
  nodeRoleId: number | null;
  displayName: string;
  serial: string | null;
};
export type ProductRule = RuleTarget & { catalogItemId: number; catalogItemIdentifier: string };
export type ConfigurationTypeRule = RuleTarget & {
  configurationTypeId: number;
  configurationTypeName: string;
};
export type PlanProductMapping = { id: number; rules: ProductRule[] };
export type PlanConfigurationTypeMapping = {
  id: number;
  statusOnCreateId: number | null;
  statusOnDeleteId: number | null;
  rules: ConfigurationTypeRule[];
};
/** Device ids per group; undefined: the group is gone (its rules match nothing). */
export type GroupMembers = ReadonlyMap<number, ReadonlySet<number> | undefined>;

export const ruleFor = <R extends RuleTarget>(
  rules: readonly R[],
  device: Pick<PlanDevice, 'id' | 'nodeRoleId'>,
  groups: GroupMembers,
): R | undefined =>
  rules.find(
    (rule) =>
      rule.groupId !== null &&
      rule.nodeRoleId === device.nodeRoleId &&
      groups.get(rule.groupId)?.has(device.id),
  ) ?? rules.find((rule) => rule.groupId === null && rule.nodeRoleId === device.nodeRoleId);

export type AdditionTarget = {
  agreementId: number;
  agreementName: string;
  catalogItemId: number;
  catalogItemIdentifier: string;
  quantity: number;
  organizationIds: number[];
};

export const additionKey = (agreementId: number, catalogItemId: number) => `${agreementId}:${catalogItemId}`;

export const planAdditions = ({
  clients,
  locations,
  devices,
  productMappings,
  groups,
}: {
  clients: readonly PlanClient[];
  locations: readonly PlanLocation[];
  devices: readonly PlanDevice[];
  productMappings: ReadonlyMap<number, PlanProductMapping>;
  groups: GroupMembers;
}): Map<string, AdditionTarget> => {
  const targets = new Map<string, AdditionTarget>();
  for (const client of clients)
    for (const location of locations) {
      if (location.organizationId !== client.organizationId || location.agreementId === null) continue;
      const mapping = productMappings.get(location.productMappingId ?? client.productMappingId ?? -1);
      if (!mapping) continue;
      const targetOf = (rule: ProductRule) => {
        const key = additionKey(location.agreementId!, rule.catalogItemId);
        let target = targets.get(key);
        if (!target) {
          target = {
            agreementId: location.agreementId!,
            agreementName: location.agreementName ?? `Agreement ${location.agreementId}`,
            catalogItemId: rule.catalogItemId,
            catalogItemIdentifier: rule.catalogItemIdentifier,
            quantity: 0,
            organizationIds: [],
          };
          targets.set(key, target);
        }
        if (!target.organizationIds.includes(client.organizationId))
          target.organizationIds.push(client.organizationId);
        return target;
      };
      // Every rule's product is kept in step, to 0 when no device matches it.
      for (const rule of mapping.rules) targetOf(rule);
      for (const device of devices) {
        if (device.organizationId !== client.organizationId || device.locationId !== location.locationId)
          continue;
        const rule = ruleFor(mapping.rules, device, groups);
        if (rule) targetOf(rule).quantity += 1;
      }
    }
  return targets;
};

export type WantedConfiguration = {
  deviceId: number;
  deviceName: string;
  serial: string | null;
  organizationId: number;
  companyId: number;
  siteId: number | null;
  configurationTypeId: number;
  configurationTypeName: string;
  statusOnCreateId: number | null;
  statusOnDeleteId: number | null;
};

export const planConfigurations = ({
  clients,
  locations,
  devices,
  configurationTypeMappings,
  groups,
}: {
  clients: readonly PlanClient[];
  locations: readonly PlanLocation[];
  devices: readonly PlanDevice[];
  configurationTypeMappings: ReadonlyMap<number, PlanConfigurationTypeMapping>;
  groups: GroupMembers;
}): Map<number, WantedConfiguration> => {
  const byLocation = new Map(locations.map((location) => [location.locationId, location]));
  const byClient = new Map(clients.map((client) => [client.organizationId, client]));
  const wanted = new Map<number, WantedConfiguration>();
  for (const device of devices) {
    const client = byClient.get(device.organizationId);
    if (!client) continue;
    const location = device.locationId === null ? undefined : byLocation.get(device.locationId);
    const mapping = configurationTypeMappings.get(
      location?.configurationTypeMappingId ?? client.configurationTypeMappingId ?? -1,
    );
    if (!mapping) continue;
    const rule = ruleFor(mapping.rules, device, groups);
    if (!rule) continue;
    wanted.set(device.id, {
      deviceId: device.id,
      deviceName: device.displayName.slice(0, 100),
      serial: device.serial,
      organizationId: client.organizationId,
      companyId: client.companyId,
      siteId: location?.psaSiteId ?? null,
      configurationTypeId: rule.configurationTypeId,
      configurationTypeName: rule.configurationTypeName,
      statusOnCreateId: mapping.statusOnCreateId,
      statusOnDeleteId: mapping.statusOnDeleteId,
    });
  }
  return wanted;
};
