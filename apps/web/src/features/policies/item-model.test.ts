import { describe, expect, it } from 'vitest';
import { createPolicy, createPolicyBackupPlan } from '../../test/policy-factories.ts';
import { draftOfPolicy, policyInputOf } from './editor-model.ts';
import {
  deactivateItem,
  itemRows,
  overrideItem,
  removeOwnItem,
  revertItem,
  saveOwnItem,
} from './item-model.ts';

const nightly = createPolicyBackupPlan({ name: 'Nightly' });
const weekly = createPolicyBackupPlan({ name: 'Weekly' });
const parent = createPolicy({ id: 1, name: 'Base', backupPlans: [nightly, weekly] });
const own = createPolicyBackupPlan({ name: 'Databases' });
const child = createPolicy(
  { id: 2, name: 'Web', parentPolicyId: 1, parentPolicyName: 'Base', backupPlans: [own] },
  [parent],
);
const listsOf = (draft: ReturnType<typeof draftOfPolicy>) => ({
  own: draft.backupPlans,
  overrides: draft.backupPlanOverrides,
});
const states = (rows: { item: { name: string }; state: string }[]) =>
  rows.map((row) => [row.item.name, row.state]);

describe('a policy’s backup plans in the editor', () => {
  it('lists inherited plans before the policy’s own, and overrides, deactivates and reverts one', () => {
    let lists = listsOf(draftOfPolicy(child));
    expect(states(itemRows(lists, parent.effectiveBackupPlans, 'Web'))).toEqual([
      ['Nightly', 'INHERITED'],
      ['Weekly', 'INHERITED'],
      ['Databases', 'OWN'],
    ]);
    lists = overrideItem(lists, { ...nightly, name: 'Nightly (web)' });
    lists = deactivateItem(lists, weekly.id);
    expect(states(itemRows(lists, parent.effectiveBackupPlans, 'Web'))).toEqual([
      ['Nightly (web)', 'OVERRIDDEN'],
      ['Weekly', 'DEACTIVATED'],
      ['Databases', 'OWN'],
    ]);
    expect(lists.overrides).toEqual([
      { kind: 'OVERRIDE', item: { ...nightly, name: 'Nightly (web)' } },
      { kind: 'DEACTIVATE', id: weekly.id },
    ]);
    lists = revertItem(revertItem(lists, nightly.id), weekly.id);
    expect(lists.overrides).toEqual([]);
  });

  it('adds, edits and removes its own plans', () => {
    let lists = listsOf(draftOfPolicy(child));
    const added = createPolicyBackupPlan({ name: 'Mail' });
    lists = saveOwnItem(lists, added);
    lists = saveOwnItem(lists, { ...own, name: 'Databases (all)' });
    expect(lists.own.map((plan) => plan.name)).toEqual(['Databases (all)', 'Mail']);
    expect(removeOwnItem(lists, added.id).own.map((plan) => plan.name)).toEqual(['Databases (all)']);
  });

  it('sends only the overrides the parent still allows, and none without a parent', () => {
    const draft = {
      ...draftOfPolicy(child),
      backupPlanOverrides: [{ kind: 'DEACTIVATE' as const, id: weekly.id }],
    };
    const other = createPolicy({ id: 3, name: 'Other', backupPlans: [createPolicyBackupPlan()] });
    const items = (policy: typeof parent) => ({
      backupPlans: policy.effectiveBackupPlans,
      scheduledScripts: policy.effectiveScheduledScripts,
    });
    expect(policyInputOf(draft, [], items(parent)).backupPlanOverrides).toHaveLength(1);
    expect(policyInputOf(draft, [], items(other)).backupPlanOverrides).toEqual([]);
    expect(policyInputOf(draft, undefined, undefined).backupPlanOverrides).toHaveLength(1);
    expect(policyInputOf({ ...draft, parentPolicyId: null }, [], items(parent)).backupPlanOverrides).toEqual(
      [],
    );
    expect(policyInputOf(draft, [], items(parent)).backupPlans).toEqual([own]);
  });
});
