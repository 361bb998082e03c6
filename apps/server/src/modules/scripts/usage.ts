import type { DbOrTx } from '../../db/database.ts';

/**
 * Who uses a library script, asked before it is deleted. Features that refer to scripts by id (scheduled
 * tasks) register a check when their module loads; a script any check claims is not deleted (SCRIPT_IN_USE).
 */
export type ScriptUsageCheck = (args: { db: DbOrTx; scriptId: number }) => Promise<boolean>;

const checks: ScriptUsageCheck[] = [];

/** Registers a check; answers a function that removes it again (tests: no state left behind). */
export const registerScriptUsageCheck = (check: ScriptUsageCheck): (() => void) => {
  if (!checks.includes(check)) checks.push(check);
  return () => {
    const index = checks.indexOf(check);
    if (index >= 0) checks.splice(index, 1);
  };
};

/** Whether any registered feature uses the script. */
export const isScriptInUse = async (db: DbOrTx, scriptId: number): Promise<boolean> => {
  for (const check of checks) if (await check({ db, scriptId })) return true;
  return false;
};
