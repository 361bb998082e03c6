import { maskPhone } from '@rmm/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

/**
 * Sending second-factor text messages. `SMS_SENDER=twilio` uses Twilio's Messages API; `SMS_SENDER=log`
 * writes the code to the server log (development only: codes are otherwise never logged); unset, the
 * server offers no SMS factor. Errors name the provider's answer, never the auth token or the code.
 */
export type SmsSender = { send: (to: string, body: string) => Promise<void> };

export class SmsSendError extends Error {}

type TwilioSettings = {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  timeoutMs: number;
};

/** Twilio's error answer: `{code, message, more_info, status}`. */
const describeTwilioError = async (response: Response) => {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof body.message === 'string')
      return `Twilio answered ${response.status} (error ${String(body.code)}: ${body.message})`;
  } catch {}
  return `Twilio answered ${response.status}`;
};

/** `POST {apiUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded To, From, Body; basic auth. */
export const twilioSender = (settings: TwilioSettings): SmsSender => ({
  send: async (to, body) => {
    const url = `${settings.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
    const auth = Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64');
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${auth}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: to, From: settings.from, Body: body }).toString(),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${settings.timeoutMs} ms`
          : String((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message);
      throw new SmsSendError(`Twilio could not be reached: ${reason}`);
    }
    if (!response.ok) throw new SmsSendError(await describeTwilioError(response));
    await response.body?.cancel().catch(() => {});
  },
});

/** Writes the text (its code) to the server log: chosen explicitly with SMS_SENDER=log, for development. */
export const logSender = (log: FastifyBaseLogger): SmsSender => ({
  send: async (to, body) => {
    log.warn({ smsTo: maskPhone(to) }, `SMS_SENDER=log: text message: ${body}`);
  },
});

/** The configured sender, or undefined: SMS is not available. Twilio needs all of its settings. */
export const smsSenderOf = (config: Config, log: FastifyBaseLogger): SmsSender | undefined => {
  if (config.smsSender === 'log') return logSender(log);
  if (config.smsSender !== 'twilio') return undefined;
  const { smsAccountSid, smsAuthToken, smsFrom } = config;
  if (!smsAccountSid || !smsAuthToken || !smsFrom)
    throw new Error('SMS_SENDER=twilio needs SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM');
  return twilioSender({
    apiUrl: config.smsApiUrl,
    accountSid: smsAccountSid,
    authToken: smsAuthToken,
    from: smsFrom,
    timeoutMs: config.smsTimeoutMs,
  });
};
