import { type HelpDeskConnector, helpDeskConnectors } from '@rmm/domain';
import type { Config } from '../../config.ts';
import { helpDeskError } from './errors.ts';
import type { ZendeskSettings } from './zendesk-client.ts';

/** The Zendesk account of the settings, or undefined when any of its three settings is missing. */
export const zendeskSettingsOf = (config: Config): ZendeskSettings | undefined =>
  config.zendeskUrl && config.zendeskEmail && config.zendeskApiToken
    ? {
        url: config.zendeskUrl,
        email: config.zendeskEmail,
        apiToken: config.zendeskApiToken,
        allowHttp: config.zendeskAllowHttp,
        timeoutMs: config.zendeskTimeoutMs,
        maxRetryAfterSeconds: config.zendeskMaxRetryAfterSeconds,
      }
    : undefined;

/**
 * `{helpdesk}` of a path: `support` always, `zendesk` when configured; anything else is 404, checked before
 * an upload's body is read.
 */
export const requireHelpDesk = (config: Config, name: string): HelpDeskConnector => {
  const connector = helpDeskConnectors.find((known) => known === name);
  if (!connector) throw helpDeskError('HELP_DESK_NOT_FOUND');
  if (connector === 'zendesk' && !zendeskSettingsOf(config)) throw helpDeskError('HELP_DESK_NOT_CONFIGURED');
  return connector;
};
