import type { Condition } from '@rmm/domain';
import { describe, expect, it } from 'vitest';
import { createCondition, createPolicy } from '../../test/policy-factories.ts';
import {
  conditionRows,
  deactivateCondition,
  draftOfPolicy,
  dryRunConditions,
  overrideCondition,
  policyInputOf,
  removeOwnCondition,
  revertCondition,
  saveOwnCondition,
} from './editor-model.ts';

const cpu = createCondition({ name: 'CPU' });
const reboot = createCondition({ name: 'Reboot', type: 'REBOOT', parameters: { pendingForMinutes: 60 } });
const parent = createPolicy({ id: 1, name: 'Base', conditions: [cpu, reboot] });
const own = createCondition({ name: 'Memory', type: 'MEMORY' });
const child = createPolicy(
  { id: 2, name: 'Web', parentPolicyId: 1, parentPolicyName: 'Base', conditions: [own] },
  [parent],
);
const states = (rows: ReturnType<typeof conditionRows>) => rows.map((row) => [row.condition.name, row.state]);

describe('the policy editor’s inheritance actions', () => {
  it('lists inherited conditions before the policy’s own', () => {
    const rows = conditionRows(draftOfPolicy(child), parent.effectiveConditions, 'Web');
    expect(states(rows)).toEqual([
      ['CPU', 'INHERITED'],
      ['Reboot', 'INHERITED'],
      ['Memory', 'OWN'],
    ]);
    expect(rows[0]?.definedByName).toBe('Base');
  });

  it('overrides, deactivates and reverts an inherited condition, one override per condition', () => {
    const stricter = {
      ...cpu,
      parameters: { operator: 'ABOVE' as const, thresholdPercent: 95, durationMinutes: 5 },
    } as Condition;
    let draft = overrideCondition(draftOfPolicy(child), stricter);
    draft = deactivateCondition(draft, reboot.id);
    let rows = conditionRows(draft, parent.effectiveConditions, 'Web');
    expect(states(rows)).toEqual([
      ['CPU', 'OVERRIDDEN'],
      ['Reboot', 'DEACTIVATED'],
      ['Memory', 'OWN'],
    ]);
    expect(rows[0]?.condition.parameters).toMatchObject({ thresholdPercent: 95 });
    expect(rows[0]?.inherited?.parameters).toMatchObject({ thresholdPercent: 90 });
    // Deactivating the overridden one replaces its override.
    draft = deactivateCondition(draft, cpu.id);
    expect(draft.overrides).toEqual([
      { kind: 'DEACTIVATE', conditionId: reboot.id },
      { kind: 'DEACTIVATE', conditionId: cpu.id },
    ]);
    draft = revertCondition(revertCondition(draft, cpu.id), reboot.id);
    rows = conditionRows(draft, parent.effectiveConditions, 'Web');
    expect(states(rows)).toEqual([
      ['CPU', 'INHERITED'],
      ['Reboot', 'INHERITED'],
      ['Memory', 'OWN'],
    ]);
    expect(draft.overrides).toEqual([]);
  });

  it('adds, edits and removes own conditions', () => {
    const disk = createCondition({
      name: 'Disk',
      type: 'DISK',
      parameters: { volume: '*', mode: 'PERCENT_FREE', thresholdPercent: 10, durationMinutes: 5 },
    });
    let draft = saveOwnCondition(draftOfPolicy(child), disk);
    draft = saveOwnCondition(draft, { ...own, name: 'Memory high' });
    expect(draft.conditions.map((c) => c.name)).toEqual(['Memory high', 'Disk']);
    expect(removeOwnCondition(draft, disk.id).conditions.map((c) => c.name)).toEqual(['Memory high']);
  });

  it('drops overrides the new parent does not have, and all of them without a parent', () => {
    const draft = deactivateCondition(draftOfPolicy(child), reboot.id);
    const otherParent = createPolicy({ id: 3, name: 'Other', conditions: [cpu] });
    expect(policyInputOf({ ...draft, parentPolicyId: 3 }, otherParent.effectiveConditions).overrides).toEqual(
      [],
    );
    expect(policyInputOf(draft, parent.effectiveConditions).overrides).toHaveLength(1);
    // While the parent's conditions are not known, nothing is dropped.
    expect(policyInputOf({ ...draft, parentPolicyId: 3 }, undefined).overrides).toHaveLength(1);
    expect(policyInputOf({ ...draft, parentPolicyId: null }, undefined).overrides).toEqual([]);
  });

  it('dry-runs the changed conditions, or every active one when none changed', () => {
    const draft = draftOfPolicy(child);
    expect(dryRunConditions(draft, child, parent.effectiveConditions)).toEqual({
      changed: false,
      conditions: [cpu, reboot, own],
    });
    const stricter = { ...cpu, name: 'CPU 95' };
    const changed = overrideCondition(deactivateCondition(draft, reboot.id), stricter);
    expect(dryRunConditions(changed, child, parent.effectiveConditions)).toEqual({
      changed: true,
      conditions: [stricter],
    });
  });
});
