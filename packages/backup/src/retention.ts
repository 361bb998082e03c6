import { StrataError } from './errors.ts';
import { withLock } from './repo/lock.ts';
import type { Repository } from './repo/repository.ts';
import type { Snapshot } from './repo/snapshot.ts';
import { isoWeek, zonedParts } from './zoned.ts';

/** Which snapshots of a plan to keep; the others are forgotten (held 72 hours, then pruned). */
export type RetentionPolicy = {
  keepLast?: number;
  keepDaily?: number;
  keepWeekly?: number;
  keepMonthly?: number;
  keepYearly?: number;
  /** Days, weeks and months are counted in this zone (default UTC). */
  timeZone?: string;
};

export type RetentionDecision = { snapshot: Snapshot; keep: boolean; reasons: string[] };

type Rule = { name: string; count: number; bucket: (s: Snapshot) => string };

const rulesOf = (policy: RetentionPolicy): Rule[] => {
  const zone = policy.timeZone ?? 'UTC';
  const parts = (s: Snapshot) => zonedParts(new Date(s.time), zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return [
    { name: 'last', count: policy.keepLast ?? 0, bucket: (s: Snapshot) => s.id },
    {
      name: 'daily',
      count: policy.keepDaily ?? 0,
      bucket: (s: Snapshot) => {
        const p = parts(s);
        return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
      },
    },
    {
      name: 'weekly',
      count: policy.keepWeekly ?? 0,
      bucket: (s: Snapshot) => {
        const p = parts(s);
        return isoWeek(p.year, p.month, p.day);
      },
    },
    {
      name: 'monthly',
      count: policy.keepMonthly ?? 0,
      bucket: (s: Snapshot) => {
        const p = parts(s);
        return `${p.year}-${pad(p.month)}`;
      },
    },
    { name: 'yearly', count: policy.keepYearly ?? 0, bucket: (s: Snapshot) => String(parts(s).year) },
  ].filter((rule) => rule.count > 0);
};

/**
 * The usual retention walk (as restic and borg do it): newest first, each rule keeps the newest snapshot of
 * each of its last `count` periods. A snapshot is kept when any rule keeps it. An empty policy keeps all.
 */
export const applyRetention = (
  snapshots: readonly Snapshot[],
  policy: RetentionPolicy,
): RetentionDecision[] => {
  const rules = rulesOf(policy);
  const newestFirst = [...snapshots].sort((a, b) => b.time.localeCompare(a.time) || b.id.localeCompare(a.id));
  if (rules.length === 0)
    return newestFirst.map((snapshot) => ({ snapshot, keep: true, reasons: ['no policy'] }));
  const state = rules.map(() => ({ kept: 0, last: '' }));
  return newestFirst.map((snapshot) => {
    const reasons: string[] = [];
    rules.forEach((rule, i) => {
      const s = state[i]!;
      const bucket = rule.bucket(snapshot);
      if (s.kept < rule.count && bucket !== s.last) {
        s.kept++;
        s.last = bucket;
        reasons.push(rule.name);
      }
    });
    return { snapshot, keep: reasons.length > 0, reasons };
  });
};

export type ForgetOptions = {
  /** Apply a policy to each plan and device (or only `planId`'s snapshots)... */
  policy?: RetentionPolicy;
  planId?: string;
  deviceId?: string;
  /** ...or forget these snapshots (ids or unique prefixes). */
  snapshots?: string[];
  dryRun?: boolean;
};

export type ForgetResult = { kept: Snapshot[]; forgotten: Snapshot[] };

/**
 * Marks snapshots deleted (deleted/<id>); they stay restorable until prune reclaims them after the hold.
 * Takes a shared lock: it only adds files.
 */
export const forget = (repo: Repository, options: ForgetOptions): Promise<ForgetResult> =>
  withLock(repo, { exclusive: false, operation: 'forget' }, async () => {
    const live = (await repo.listSnapshots()).filter(
      (s) =>
        (!options.planId || s.planId === options.planId) &&
        (!options.deviceId || s.deviceId === options.deviceId),
    );
    let forgotten: Snapshot[];
    if (options.snapshots) {
      forgotten = [];
      for (const id of options.snapshots) forgotten.push(await repo.findSnapshot(id));
    } else if (options.policy) {
      const groups = new Map<string, Snapshot[]>();
      for (const s of live)
        groups.set(`${s.planId}\0${s.deviceId}`, [...(groups.get(`${s.planId}\0${s.deviceId}`) ?? []), s]);
      forgotten = [...groups.values()].flatMap((group) =>
        applyRetention(group, options.policy!)
          .filter((d) => !d.keep)
          .map((d) => d.snapshot),
      );
    } else throw new StrataError('INVALID_ARGUMENT', 'Forget needs a policy or snapshot ids.');
    const ids = new Set(forgotten.map((s) => s.id));
    if (!options.dryRun) {
      for (const snapshot of forgotten)
        if (!snapshot.deletedAt)
          await repo.markDeleted(snapshot.id, options.policy ? 'retention' : 'deleted');
    }
    return { kept: live.filter((s) => !ids.has(s.id)), forgotten };
  });
