import type { AlertWebhookBody } from '@rmm/domain';
import { escapeHtml, headerText, type MailMessage } from '../../lib/mailer.ts';
import type { DeliveryAlertSnapshot } from './schema.ts';

/**
 * What each channel type sends for one delivery: the signed JSON of a webhook, a mail (text and simple HTML,
 * every alert field escaped), a Slack `{text}` or a Microsoft Teams MessageCard. Built again on every attempt
 * from the alert as it was when the delivery was queued.
 */

export type DeliveryEvent = AlertWebhookBody['event'];

const eventTitles: Record<DeliveryEvent, string> = {
  TRIGGERED: 'Alert',
  UPDATED: 'Alert updated',
  RESET: 'Alert reset',
  TEST: 'Test notification',
};

const TEST_TEXT =
  'This is a test notification from the RMM console. The channel works: alerts will arrive here.';

/** Teams' card colour per severity (hex without #). */
const severityColours: Record<string, string> = {
  CRITICAL: 'C92A2A',
  MAJOR: 'E8590C',
  MODERATE: 'F08C00',
  MINOR: '1971C2',
  NONE: '868E96',
};

export type MessageContext = {
  /** The console's address (PUBLIC_URL): messages link to the device; none, no link. */
  consoleUrl: string | undefined;
};

const deviceLink = (alert: DeliveryAlertSnapshot, { consoleUrl }: MessageContext) =>
  consoleUrl ? `${consoleUrl.replace(/\/+$/, '')}/deviceDashboard/${alert.deviceId}/overview` : undefined;

/** "CPU above 90% (C:) on PC-1": the condition, its instance when there is one, and the device. */
const alertHeadline = (alert: DeliveryAlertSnapshot) =>
  `${alert.conditionName}${alert.instance ? ` (${alert.instance})` : ''} on ${alert.deviceName}`;

/** The line every channel leads with: `[CRITICAL] Alert: CPU above 90% on PC-1`. */
export const headline = (event: DeliveryEvent, alert: DeliveryAlertSnapshot | null) =>
  alert ? `[${alert.severity}] ${eventTitles[event]}: ${alertHeadline(alert)}` : eventTitles[event];

/** The alert's fields, labelled, in the order every channel shows them. */
const facts = (alert: DeliveryAlertSnapshot): [string, string][] => [
  ['Organization', alert.organizationName],
  ['Device', alert.deviceName],
  ['Condition', alert.conditionName],
  ...(alert.instance ? [['Instance', alert.instance] as [string, string]] : []),
  ['Severity', alert.severity],
  ['Priority', alert.priority],
  ...(alert.message ? [['Message', alert.message] as [string, string]] : []),
  ['Triggered', alert.triggerTime],
  ...(alert.resetTime ? [['Reset', alert.resetTime] as [string, string]] : []),
];

export const webhookBody = (
  event: DeliveryEvent,
  alert: DeliveryAlertSnapshot | null,
  sentAt: Date,
): AlertWebhookBody => ({ event, alert, sentAt: sentAt.toISOString() });

export const emailMessage = (
  event: DeliveryEvent,
  alert: DeliveryAlertSnapshot | null,
  recipients: readonly string[],
  context: MessageContext,
): MailMessage => {
  const subject = headerText(headline(event, alert));
  const to = recipients.join(', ');
  if (!alert) {
    return {
      to,
      subject,
      text: `${TEST_TEXT}\n`,
      html: `<p>${escapeHtml(TEST_TEXT)}</p>`,
    };
  }
  const link = deviceLink(alert, context);
  const rows = facts(alert);
  const text = [
    headline(event, alert),
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(link ? ['', `Open the device: ${link}`] : []),
    '',
  ].join('\n');
  const html = [
    `<p><strong>${escapeHtml(headline(event, alert))}</strong></p>`,
    '<table cellpadding="4" cellspacing="0" border="0">',
    ...rows.map(
      ([label, value]) =>
        `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    ...(link ? [`<p><a href="${escapeHtml(link)}">Open the device</a></p>`] : []),
  ].join('\n');
  return { to, subject, text, html };
};

/** Slack's three characters with a meaning in message text (api.slack.com "Escaping text"). */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Slack-compatible incoming webhook: `{text}` (Mattermost and Rocket.Chat take the same). */
export const slackBody = (
  event: DeliveryEvent,
  alert: DeliveryAlertSnapshot | null,
  context: MessageContext,
) => {
  if (!alert) return { text: slackEscape(`${headline(event, null)}: ${TEST_TEXT}`) };
  const link = deviceLink(alert, context);
  const lines = [
    `*${slackEscape(headline(event, alert))}*`,
    ...facts(alert)
      .filter(([label]) => label !== 'Device' && label !== 'Condition')
      .map(([label, value]) => `${label}: ${slackEscape(value)}`),
    ...(link ? [`<${link}|Open the device>`] : []),
  ];
  return { text: lines.join('\n') };
};

/** Microsoft Teams incoming webhook: a MessageCard (title, colour by severity, the alert's fields as facts). */
export const teamsBody = (
  event: DeliveryEvent,
  alert: DeliveryAlertSnapshot | null,
  context: MessageContext,
) => {
  const title = headline(event, alert);
  const card = {
    '@type': 'MessageCard',
    '@context': 'https://schema.org/extensions',
    summary: title,
    themeColor: alert ? (severityColours[alert.severity] ?? severityColours.NONE) : severityColours.MINOR,
    title: escapeHtml(title),
  };
  if (!alert) return { ...card, text: escapeHtml(TEST_TEXT) };
  const link = deviceLink(alert, context);
  return {
    ...card,
    sections: [{ facts: facts(alert).map(([name, value]) => ({ name, value: escapeHtml(value) })) }],
    ...(link
      ? {
          potentialAction: [
            { '@type': 'OpenUri', name: 'Open the device', targets: [{ os: 'default', uri: link }] },
          ],
        }
      : {}),
  };
};
