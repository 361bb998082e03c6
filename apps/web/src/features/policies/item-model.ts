import { type EffectiveItem, overriddenItemId, type PolicyItemOverride } from '@rmm/domain';

/**
 * A policy's backup plans and scheduled scripts in the editor, as conditions are (editor-model.ts): the rows
 * (inherited, overridden, deactivated, own) from the draft's lists and the parent's effective items, and the
 * actions on them. Pure: the sections keep the draft.
 */

export type ItemLists<T> = { own: T[]; overrides: PolicyItemOverride<T>[] };

export type ItemRowState = 'OWN' | 'INHERITED' | 'OVERRIDDEN' | 'DEACTIVATED' | 'PARENT_INACTIVE';

export type ItemRow<T> = {
  id: string;
  state: ItemRowState;
  /** The item as it applies here (the override's for an overridden one). */
  item: T;
  /** The policy that defined the item first. */
  definedByName: string;
};

/** Inherited items first (in the parent's order), then the policy's own. */
export const itemRows = <T extends { id: string }>(
  lists: ItemLists<T>,
  parent: readonly EffectiveItem<T>[],
  selfName: string,
): ItemRow<T>[] => {
  const overrides = new Map(lists.overrides.map((o) => [overriddenItemId(o), o]));
  const inherited = parent.map((entry): ItemRow<T> => {
    const base = { id: entry.item.id, definedByName: entry.definedByPolicyName };
    const override = overrides.get(entry.item.id);
    if (override?.kind === 'OVERRIDE') return { ...base, state: 'OVERRIDDEN', item: override.item };
    if (override?.kind === 'DEACTIVATE') return { ...base, state: 'DEACTIVATED', item: entry.item };
    return { ...base, state: entry.active ? 'INHERITED' : 'PARENT_INACTIVE', item: entry.item };
  });
  const own = lists.own.map(
    (item): ItemRow<T> => ({ id: item.id, state: 'OWN', item, definedByName: selfName }),
  );
  return [...inherited, ...own];
};

const withoutOverride = <T extends { id: string }>(lists: ItemLists<T>, id: string) =>
  lists.overrides.filter((o) => overriddenItemId(o) !== id);

/** The policy's own version of an inherited item (same id). */
export const overrideItem = <T extends { id: string }>(lists: ItemLists<T>, item: T): ItemLists<T> => ({
  ...lists,
  overrides: [...withoutOverride(lists, item.id), { kind: 'OVERRIDE', item }],
});

/** The inherited item does not run on this policy's devices. */
export const deactivateItem = <T extends { id: string }>(lists: ItemLists<T>, id: string): ItemLists<T> => ({
  ...lists,
  overrides: [...withoutOverride(lists, id), { kind: 'DEACTIVATE', id }],
});

/** Drops the override or deactivation: the inherited item applies as the parent has it. */
export const revertItem = <T extends { id: string }>(lists: ItemLists<T>, id: string): ItemLists<T> => ({
  ...lists,
  overrides: withoutOverride(lists, id),
});

/** Adds an own item, or replaces the one with its id. */
export const saveOwnItem = <T extends { id: string }>(lists: ItemLists<T>, item: T): ItemLists<T> => ({
  ...lists,
  own: lists.own.some((i) => i.id === item.id)
    ? lists.own.map((i) => (i.id === item.id ? item : i))
    : [...lists.own, item],
});

export const removeOwnItem = <T extends { id: string }>(lists: ItemLists<T>, id: string): ItemLists<T> => ({
  ...lists,
  own: lists.own.filter((i) => i.id !== id),
});

/** Overrides naming an item the parent does not have: dropped when the policy is saved. */
export const orphanItemOverrides = <T extends { id: string }>(
  overrides: readonly PolicyItemOverride<T>[],
  parent: readonly EffectiveItem<T>[],
) => {
  const ids = new Set(parent.map((entry) => entry.item.id));
  return overrides.filter((o) => !ids.has(overriddenItemId(o)));
};
