import type { HelpTooltipState } from '@rmm/domain';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import * as repo from './repository.ts';

/** The help tooltips the signed-in user dismissed ("Got it"), kept per user on the server. */
export const getHelpTooltips = async ({
  db,
  actor,
}: {
  db: DbOrTx;
  actor: Actor;
}): Promise<HelpTooltipState> => ({
  dismissed: await repo.dismissedTooltipIds(db, actor.id),
});

export const putHelpTooltips = async ({
  db,
  actor,
  state,
}: {
  db: Db;
  actor: Actor;
  state: HelpTooltipState;
}): Promise<HelpTooltipState> =>
  db.transaction(async (tx) => {
    await repo.replaceDismissedTooltips(tx, actor.id, state.dismissed);
    return getHelpTooltips({ db: tx, actor });
  });
