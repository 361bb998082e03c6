import type { BackupPlan, SaveBackupPlanRequest } from '@rmm/domain';

/** A network share the organization's plans back up to, with its credential and the plans that use it. */
export type NetworkShare = { path: string; credentialId: number; plans: BackupPlan[] };

const shareOf = (plan: BackupPlan) => {
  const destination = plan.destination;
  const local = destination.type === 'HYBRID' ? destination.local : destination;
  return local.type === 'NETWORK_SHARE' ? local : undefined;
};

/** The shares of these plans (a share is its path and credential; the same path with another credential is another). */
export const networkSharesOf = (plans: BackupPlan[]): NetworkShare[] => {
  const shares = new Map<string, NetworkShare>();
  for (const plan of plans) {
    const share = shareOf(plan);
    if (!share) continue;
    const key = `${share.path.toLowerCase()}\u0000${share.credentialId}`;
    const entry = shares.get(key) ?? { path: share.path, credentialId: share.credentialId, plans: [] };
    entry.plans.push(plan);
    shares.set(key, entry);
  }
  return [...shares.values()].sort((a, b) => a.path.localeCompare(b.path));
};

/** A plan as its save request, with its share's path and credential replaced. */
export const withShare = (
  plan: BackupPlan,
  share: { path: string; credentialId: number },
): SaveBackupPlanRequest => {
  const replace = { type: 'NETWORK_SHARE' as const, ...share };
  const destination =
    plan.destination.type === 'HYBRID' ? { type: 'HYBRID' as const, local: replace } : replace;
  return {
    name: plan.name,
    description: plan.description,
    kind: plan.kind,
    include: plan.include,
    exclude: plan.exclude,
    destination,
    schedule: plan.schedule,
    retention: plan.retention,
    enabled: plan.enabled,
    targets: plan.targets,
  };
};
