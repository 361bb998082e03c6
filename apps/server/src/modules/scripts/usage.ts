import type { DbOrTx } from '../../db/database.ts';

/**
 * Who uses a library script, asked before it is deleted. Features that refer to scripts by id (scheduled
 * tasks) register a check when their module loads; a script any check claims is not deleted (SCRIPT_IN_USE).
 */
export type ScriptUsageCheck = (args: { db: DbOrTx; scriptId: number }) => Promise<boolean>;

const checks: ScriptUsageCheck[] = [];

export const registerScriptUsageCheck = (check: ScriptUsageCheck): void => {
  if (!checks.includes(check)) checks.push(check);
};

/** Whether any registered feature uses the script. */
export const isScriptInUse = async (db: DbOrTx, scriptId: number): Promise<boolean> => {
  for (const check of checks) if (await check({ db, scriptId })) return true;
  return false;
};
