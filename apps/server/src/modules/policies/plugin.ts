import fp from 'fastify-plugin';
import { registerChannelUsageCheck } from '../notifications/usage.ts';
import { registerScriptUsageCheck } from '../scripts/usage.ts';
import { isScriptUsedByPolicies, policiesNamingChannel } from './repository.ts';

/** A library script a policy's condition runs (an automation, a script result) cannot be deleted. */
const isScriptUsed = ({ db, scriptId }: Parameters<Parameters<typeof registerScriptUsageCheck>[0]>[0]) =>
  isScriptUsedByPolicies(db, scriptId);
registerScriptUsageCheck(isScriptUsed);

/** A notification channel a policy's condition names (whatever its option) cannot be deleted. */
const channelUsers = ({ db, channelId }: Parameters<Parameters<typeof registerChannelUsageCheck>[0]>[0]) =>
  policiesNamingChannel(db, channelId);
registerChannelUsageCheck(channelUsers);

/** The policies module's part of the app beside its routes (the script and channel usage checks, registered on load). */
export const policiesPlugin = fp(async () => {});
