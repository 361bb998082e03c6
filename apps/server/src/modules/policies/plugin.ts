import fp from 'fastify-plugin';
import { registerScriptUsageCheck } from '../scripts/usage.ts';
import { isScriptUsedByPolicies } from './repository.ts';

/** A library script a policy's condition runs (an automation, a script result) cannot be deleted. */
const isScriptUsed = ({ db, scriptId }: Parameters<Parameters<typeof registerScriptUsageCheck>[0]>[0]) =>
  isScriptUsedByPolicies(db, scriptId);
registerScriptUsageCheck(isScriptUsed);

/** The policies module's part of the app beside its routes (the script usage check, registered on load). */
export const policiesPlugin = fp(async () => {});
