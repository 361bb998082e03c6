import type { DbOrTx } from '../../db/database.ts';

/**
 * Who names a notification channel, asked before it is deleted. Features that refer to channels by id (the
 * policies' conditions) register a check when their module loads; a channel any check names is not deleted
 * (409 CHANNEL_IN_USE, naming what uses it), as the script library refuses deleting a script in use.
 */
export type ChannelUsageCheck = (args: { db: DbOrTx; channelId: number }) => Promise<string[]>;

const checks: ChannelUsageCheck[] = [];

/** Registers a check; answers a function that removes it again (tests: no state left behind). */
export const registerChannelUsageCheck = (check: ChannelUsageCheck): (() => void) => {
  if (!checks.includes(check)) checks.push(check);
  return () => {
    const index = checks.indexOf(check);
    if (index >= 0) checks.splice(index, 1);
  };
};

/** The names of what uses the channel (empty: nothing), as every registered check answers them. */
export const channelUsers = async (db: DbOrTx, channelId: number): Promise<string[]> => {
  const names: string[] = [];
  for (const check of checks) names.push(...(await check({ db, channelId })));
  return names;
};
