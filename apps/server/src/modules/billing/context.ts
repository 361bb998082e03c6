import type { Db, DbOrTx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import type { Products } from '../products/plugin.ts';

/** What every billing service needs: the database, the product catalogue, the currency, the clock. */
export type BillingContext = {
  db: Db;
  products: Products;
  /** ISO 4217 code printed on invoices (`BILLING_CURRENCY`). */
  currency: string;
  now?: () => Date;
};

export const nowOf = (ctx: Pick<BillingContext, 'now'>) => ctx.now?.() ?? new Date();

/** An activity of a billing change, in the transaction that makes it. */
export const writeBillingActivity = (
  tx: DbOrTx,
  actor: Actor,
  action: string,
  target: { type: string; id: number; name: string; organizationId?: number; organizationName?: string },
  detail?: unknown,
) =>
  insertActivity(tx, {
    actorId: actor.id,
    actorName: actor.email,
    action,
    targetType: target.type,
    targetId: target.id,
    targetName: target.name,
    organizationId: target.organizationId ?? null,
    organizationName: target.organizationName ?? null,
    outcome: 'SUCCESS',
    detail: detail === undefined ? null : JSON.stringify(detail).slice(0, 4000),
  });
