import * as z from 'zod';
import { listOf, PageQuery } from './http.ts';
import { messages } from './messages.ts';
import type { NotificationOption } from './tickets.ts';
import { isValidEmail } from './validators.ts';

/**
 * Notification channels (issue 19; spec §2 `/administration/apps/notificationChannels`, §9 notification options):
 * where alerts are sent. EMAIL goes through the server's SMTP settings (nodemailer); WEBHOOK posts JSON signed
 * with HMAC-SHA-256 of the body under the channel's secret (`X-RMM-Signature: sha256=<hex>`, with
 * `X-RMM-Timestamp` inside the signed text); CHAT posts a chat message (Slack-compatible `{text}` or Microsoft
 * Teams). Deliveries are stored, retried with backoff and logged. Reading needs `settings.view`, changing
 * `settings.manage`.
 */

export const notificationChannelTypes = ['EMAIL', 'WEBHOOK', 'CHAT'] as const;
export const NotificationChannelType = /* @__PURE__ */ z.enum(notificationChannelTypes);
export type NotificationChannelType = z.infer<typeof NotificationChannelType>;

/** Spec §9: "Notification options: none, send. Generic webhook and one help-desk variant offer limited options." */
export const notificationOptionsByChannel: Readonly<
  Record<NotificationChannelType, readonly NotificationOption[]>
> = {
  EMAIL: ['NONE', 'SEND'],
  CHAT: ['NONE', 'SEND'],
  /** The generic webhook is sent or not configured at all: no per-condition "none". */
  WEBHOOK: ['SEND'],
};

export const NOTIFICATION_SECRET_MIN_LENGTH = 16;
export const NOTIFICATION_RECIPIENTS_MAX = 50;

/** The server's refusals and the form's checks (docs/decisions.md "Notification channels"). */
export const notificationChannelMessages = {
  NAME_REQUIRED: 'Enter a name.',
  URL: 'Enter an http:// or https:// address',
  SECRET_TOO_SHORT: `The secret needs at least ${NOTIFICATION_SECRET_MIN_LENGTH} characters.`,
  SECRET_TOO_LONG: 'The secret can have at most 200 characters.',
  NO_RECIPIENTS: 'Enter at least one recipient.',
  TOO_MANY_RECIPIENTS: 'A channel can have at most 50 recipients.',
  CHANNEL_NOT_FOUND: 'The notification channel does not exist.',
  TYPE_CHANGE: 'The type of a channel cannot be changed; create a new channel instead.',
  /** `{policies}`: the policies' names (`channelUsersText`). */
  CHANNEL_IN_USE: 'Conditions of {policies} notify through this channel; remove it from them first.',
} as const;

/** The HTTP status of each refusal that has a code of its own (the others are VALIDATION_FAILED or NOT_FOUND). */
export const notificationChannelErrorStatus = { CHANNEL_IN_USE: 409 } as const;

/** At most this many policy names in CHANNEL_IN_USE; the rest are counted. */
export const CHANNEL_IN_USE_NAMES_MAX = 5;

/** The policies of CHANNEL_IN_USE as text: “A”, “B” and 3 more policies. */
export const channelUsersText = (policyNames: readonly string[]): string => {
  const named = policyNames.slice(0, CHANNEL_IN_USE_NAMES_MAX).map((name) => `“${name}”`);
  const more = policyNames.length - named.length;
  const noun = policyNames.length === 1 ? 'the policy' : 'the policies';
  if (more > 0) return `${noun} ${named.join(', ')} and ${more} more`;
  if (named.length <= 1) return `${noun} ${named.join('')}`;
  return `${noun} ${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
};

/** An http(s) address a request can be sent to (a host, no spaces, no user:password part). */
export const isNotificationUrl = (text: string): boolean => {
  if (!/^https?:\/\/[^\s]+$/i.test(text)) return false;
  try {
    const url = new URL(text);
    return url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
};

const httpsUrl = /* @__PURE__ */ z
  .string()
  .trim()
  .max(2048, notificationChannelMessages.URL)
  .refine(isNotificationUrl, notificationChannelMessages.URL);

export const EmailChannelConfig = /* @__PURE__ */ z
  .object({
    recipients: z
      .array(z.string().trim().refine(isValidEmail, messages.validation.invalidEmail))
      .min(1, notificationChannelMessages.NO_RECIPIENTS)
      .max(NOTIFICATION_RECIPIENTS_MAX, notificationChannelMessages.TOO_MANY_RECIPIENTS),
  })
  .strict();
export const WebhookChannelConfig = /* @__PURE__ */ z
  .object({
    url: httpsUrl,
    /**
     * Write-only: encrypted at rest, never read back (the response says only whether one is set). Left out of
     * a PUT, the stored secret is kept.
     */
    secret: z
      .string()
      .min(NOTIFICATION_SECRET_MIN_LENGTH, notificationChannelMessages.SECRET_TOO_SHORT)
      .max(200, notificationChannelMessages.SECRET_TOO_LONG)
      .optional(),
  })
  .strict();
export const ChatChannelConfig = /* @__PURE__ */ z
  .object({ url: httpsUrl, format: z.enum(['SLACK', 'TEAMS']) })
  .strict();

const channelName = /* @__PURE__ */ z
  .string()
  .trim()
  .min(1, notificationChannelMessages.NAME_REQUIRED)
  .max(200);

export const NotificationChannelInput = /* @__PURE__ */ z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('EMAIL'),
      name: channelName,
      enabled: z.boolean().default(true),
      config: EmailChannelConfig,
    })
    .strict(),
  z
    .object({
      type: z.literal('WEBHOOK'),
      name: channelName,
      enabled: z.boolean().default(true),
      config: WebhookChannelConfig,
    })
    .strict(),
  z
    .object({
      type: z.literal('CHAT'),
      name: channelName,
      enabled: z.boolean().default(true),
      config: ChatChannelConfig,
    })
    .strict(),
]);
export type NotificationChannelInput = z.input<typeof NotificationChannelInput>;

export const NotificationChannel = /* @__PURE__ */ z.object({
  id: z.number().int(),
  type: NotificationChannelType,
  name: z.string(),
  enabled: z.boolean(),
  /** The config without secrets. */
  config: z.object({
    recipients: z.array(z.string()).optional(),
    url: z.string().optional(),
    format: z.enum(['SLACK', 'TEAMS']).optional(),
    hasSecret: z.boolean().optional(),
  }),
  lastDeliveryStatus: z.enum(['DELIVERED', 'FAILED']).nullable(),
  lastDeliveryTime: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type NotificationChannel = z.infer<typeof NotificationChannel>;
export const ListNotificationChannelsResponse = /* @__PURE__ */ listOf(NotificationChannel);

export const notificationDeliveryStatuses = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export const NotificationDelivery = /* @__PURE__ */ z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  alertId: z.number().int().nullable(),
  /** TRIGGERED, UPDATED, RESET, or TEST for the settings page's test message. */
  event: z.enum(['TRIGGERED', 'UPDATED', 'RESET', 'TEST']),
  status: z.enum(notificationDeliveryStatuses),
  attempts: z.number().int(),
  /** The last failure as text (status code and the start of the body, or the SMTP answer). */
  lastError: z.string().nullable(),
  /** Every attempt so far, oldest first: when, and its error (null: delivered). */
  attemptLog: z.array(z.object({ time: z.string(), error: z.string().nullable() })),
  nextAttemptTime: z.string().nullable(),
  deliveredTime: z.string().nullable(),
  createTime: z.string(),
});
export type NotificationDelivery = z.infer<typeof NotificationDelivery>;
export const ListNotificationDeliveriesQuery = /* @__PURE__ */ PageQuery.extend({
  status: z.enum(notificationDeliveryStatuses).optional(),
});
export const ListNotificationDeliveriesResponse = /* @__PURE__ */ listOf(NotificationDelivery);

/** What a webhook receives (the signed body). */
export const AlertWebhookBody = /* @__PURE__ */ z.object({
  event: z.enum(['TRIGGERED', 'UPDATED', 'RESET', 'TEST']),
  alert: z
    .object({
      id: z.number().int(),
      deviceId: z.number().int(),
      deviceName: z.string(),
      organizationName: z.string(),
      conditionName: z.string(),
      severity: z.string(),
      priority: z.string(),
      instance: z.string(),
      message: z.string(),
      triggerTime: z.string(),
      resetTime: z.string().nullable(),
    })
    .nullable(),
  sentAt: z.string(),
});
export type AlertWebhookBody = z.infer<typeof AlertWebhookBody>;

/** Attempts before a delivery is FAILED for good, and the backoff between them (seconds; a setting shortens it in tests). */
export const NOTIFICATION_MAX_ATTEMPTS = 6;
export const notificationBackoffSeconds = (attempt: number): number =>
  Math.min(3600, 30 * 2 ** (attempt - 1));
