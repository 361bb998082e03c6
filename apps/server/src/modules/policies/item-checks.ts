import { isDeepStrictEqual } from 'node:util';
import { type CreatePolicyRequest, overriddenItemId, type PolicyItemOverride } from '@rmm/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { backupError } from '../backup/errors.ts';
import { contentOf } from '../jobs/create.ts';
import { loadLibraryScripts } from '../jobs/library-scripts.ts';
import { getFeatureFlags } from '../settings/service.ts';
import { policyError } from './errors.ts';
import * as repo from './repository.ts';

/**
 * What a policy's backup plans and scheduled scripts must satisfy besides their schemas (docs/decisions.md
 * "Policies"): changing them needs the feature's own permission too, overrides name inherited items once,
 * an own item does not take an inherited id, an image kind is offered, and every script is in the library
 * and takes the parameters given (as a scheduled task's are checked).
 */

type PolicyInputValue = z.output<typeof CreatePolicyRequest>;

const supplied = <T extends { id: string }>(
  own: readonly T[],
  overrides: readonly PolicyItemOverride<T>[],
) => [...own, ...overrides.flatMap((o) => (o.kind === 'OVERRIDE' ? [o.item] : []))];

const checkItemOverrides = <T extends { id: string }>(
  inheritedItems: readonly T[],
  own: readonly T[],
  overrides: readonly PolicyItemOverride<T>[],
) => {
  const inherited = new Set(inheritedItems.map((item) => item.id));
  if (own.some((item) => inherited.has(item.id))) throw policyError('POLICY_ITEM_INHERITED');
  const named = new Set<string>();
  for (const override of overrides) {
    const id = overriddenItemId(override);
    if (!inherited.has(id)) throw policyError('POLICY_ITEM_OVERRIDE_UNKNOWN');
    if (named.has(id)) throw policyError('POLICY_ITEM_OVERRIDE_TWICE');
    named.add(id);
  }
};

/** Changing plans needs backup.viewAndManage, changing scripts scheduledTasks.manage (beside policies.manage). */
const checkPermissions = (actor: Actor, input: PolicyInputValue, self: repo.PolicyRow | undefined) => {
  const isChanged = (before: unknown[], after: unknown[]) => !isDeepStrictEqual(before, after);
  if (
    isChanged(
      [self?.backupPlans ?? [], self?.backupPlanOverrides ?? []],
      [input.backupPlans, input.backupPlanOverrides],
    ) &&
    !actor.permissions.has('backup.viewAndManage')
  )
    throw policyError('POLICY_BACKUP_FORBIDDEN');
  if (
    isChanged(
      [self?.scheduledScripts ?? [], self?.scheduledScriptOverrides ?? []],
      [input.scheduledScripts, input.scheduledScriptOverrides],
    ) &&
    !actor.permissions.has('scheduledTasks.manage')
  )
    throw policyError('POLICY_SCRIPTS_FORBIDDEN');
};

const checkScripts = async (db: DbOrTx, input: PolicyInputValue) => {
  const actions = supplied(input.scheduledScripts, input.scheduledScriptOverrides).flatMap((s) => s.actions);
  const ids = [...new Set(actions.map((action) => action.scriptId))];
  const existing = await repo.existingScriptIds(db, ids);
  if (ids.some((id) => !existing.has(id))) throw policyError('POLICY_SCHEDULED_SCRIPT_NOT_FOUND');
  const library = await loadLibraryScripts(
    db,
    ids.map((scriptId) => ({ scriptId })),
  );
  for (const action of actions)
    contentOf(
      'ACTION',
      {
        script: { scriptId: action.scriptId },
        parameters: action.parameters,
        ...(action.runAs === undefined ? {} : { runAs: action.runAs }),
      },
      library,
    );
};

export const checkPolicyItems = async (
  db: DbOrTx,
  actor: Actor,
  ancestors: readonly repo.PolicyRow[],
  input: PolicyInputValue,
  self: repo.PolicyRow | undefined,
) => {
  checkPermissions(actor, input, self);
  checkItemOverrides(
    ancestors.flatMap((row) => row.backupPlans),
    input.backupPlans,
    input.backupPlanOverrides,
  );
  checkItemOverrides(
    ancestors.flatMap((row) => row.scheduledScripts),
    input.scheduledScripts,
    input.scheduledScriptOverrides,
  );
  const plans = supplied(input.backupPlans, input.backupPlanOverrides);
  if (plans.some((plan) => plan.kind === 'arrowImage') && !(await getFeatureFlags(db)).backup_arrow_image)
    throw backupError('BACKUP_KIND_NOT_AVAILABLE');
  await checkScripts(db, input);
};
