import * as z from 'zod';
import { messages } from './messages.ts';
import { type CheckResult, EmailAddress, fromCheck, isValidEmail, RequiredText } from './validators.ts';

/** Spec §3 ticket types, sources and help ticket; §9 ticketing options and constants. */

export const ticketTypes = [
  'PROBLEM',
  'QUESTION',
  'INCIDENT',
  'TASK',
  'CHANGE_REQUEST',
  'SERVICE_REQUEST',
  'PROJECT',
  'APPOINTMENT',
  'MISCELLANEOUS',
] as const;
export const TicketType = /* @__PURE__ */ z.enum(ticketTypes);
export type TicketType = z.infer<typeof TicketType>;
export const ticketTypeLabels: Readonly<Record<TicketType, string>> = {
  PROBLEM: 'Problem',
  QUESTION: 'Question',
  INCIDENT: 'Incident',
  TASK: 'Task',
  CHANGE_REQUEST: 'Change request',
  SERVICE_REQUEST: 'Service request',
  PROJECT: 'Project',
  APPOINTMENT: 'Appointment',
  MISCELLANEOUS: 'Miscellaneous',
};

export const ticketSources = [
  'WEB_FORM',
  'EMAIL',
  'TECHNICIAN',
  'SYSTRAY_HELP_REQUEST',
  'END_USER',
  'CONDITION',
  'SCHEDULED_AUTOMATION',
  'ACTIVITY',
] as const;
export const TicketSource = /* @__PURE__ */ z.enum(ticketSources);
export type TicketSource = z.infer<typeof TicketSource>;
export const ticketSourceLabels: Readonly<Record<TicketSource, string>> = {
  WEB_FORM: 'Web form',
  EMAIL: 'Email',
  TECHNICIAN: 'Technician',
  SYSTRAY_HELP_REQUEST: 'Systray help request',
  END_USER: 'End user',
  CONDITION: 'Condition',
  SCHEDULED_AUTOMATION: 'Scheduled automation',
  ACTIVITY: 'Activity',
};

export const ticketCreationOptions = ['NONE', 'CREATE', 'CREATE_AND_CLOSE'] as const;
export const TicketCreationOption = /* @__PURE__ */ z.enum(ticketCreationOptions);
export type TicketCreationOption = z.infer<typeof TicketCreationOption>;
export const ticketCreationOptionLabels: Readonly<Record<TicketCreationOption, string>> = {
  NONE: 'None',
  CREATE: 'Create',
  CREATE_AND_CLOSE: 'Create and close',
};

export const notificationOptions = ['NONE', 'SEND'] as const;
export const NotificationOption = /* @__PURE__ */ z.enum(notificationOptions);
export type NotificationOption = z.infer<typeof NotificationOption>;
export const notificationOptionLabels: Readonly<Record<NotificationOption, string>> = {
  NONE: 'None',
  SEND: 'Send',
};

/** Where tickets go: our own ticketing, a generic webhook, or an external help desk. */
export const ticketingTargets = ['BUILT_IN', 'GENERIC_WEBHOOK', 'HELP_DESK'] as const;
export const TicketingTarget = /* @__PURE__ */ z.enum(ticketingTargets);
export type TicketingTarget = z.infer<typeof TicketingTarget>;

export type TicketingOptionSet = {
  creation: readonly TicketCreationOption[];
  notification: readonly NotificationOption[];
};

/** A webhook can only post (no close, no notification); a help desk cannot close what it just opened. */
export const ticketingOptionsByTarget: Readonly<Record<TicketingTarget, TicketingOptionSet>> = {
  BUILT_IN: { creation: ticketCreationOptions, notification: notificationOptions },
  GENERIC_WEBHOOK: { creation: ['NONE', 'CREATE'], notification: ['NONE'] },
  HELP_DESK: { creation: ['NONE', 'CREATE'], notification: ['NONE', 'SEND'] },
};

export const ticketTemplateSetupLists = [
  'boards',
  'statuses',
  'teams',
  'types',
  'subtypes',
  'items',
  'priorities',
  'sources',
  'severities',
  'impacts',
] as const;
export const TicketTemplateSetupList = /* @__PURE__ */ z.enum(ticketTemplateSetupLists);
export type TicketTemplateSetupList = z.infer<typeof TicketTemplateSetupList>;

/** §9 exports 6 and 7 as ticket constants without saying what they mean; kept by value only. */
export const UNEXPLAINED_TICKET_CONSTANT_6 = 6;
export const UNEXPLAINED_TICKET_CONSTANT_7 = 7;

// ---------------------------------------------------------------- help ticket

export const helpTicketPriorities = ['LOW', 'NORMAL', 'HIGH', 'URGENT'] as const;
export const HelpTicketPriority = /* @__PURE__ */ z.enum(helpTicketPriorities);
export type HelpTicketPriority = z.infer<typeof HelpTicketPriority>;

/** Fixed ids of the support ticket custom fields (decided; the spec hides them). */
export const supportTicketCustomFieldIds = {
  phoneNumber: 1001,
  category: 1002,
  callback: 1003,
  language: 1004,
} as const;

export const helpLanguages = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'ja', 'zh'] as const;
export const HelpLanguage = /* @__PURE__ */ z.enum(helpLanguages);
export type HelpLanguage = z.infer<typeof HelpLanguage>;
export const DEFAULT_HELP_LANGUAGE: HelpLanguage = 'en';

/** "pt-BR" and "PT_br" are "pt"; anything not supported falls back to English. */
export const matchHelpLanguage = (locale: string | null | undefined): HelpLanguage => {
  const primary = (locale ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return helpLanguages.find((language) => language === primary) ?? DEFAULT_HELP_LANGUAGE;
};

export const HelpTicketCustomField = /* @__PURE__ */ z.object({
  id: z.number().int(),
  value: z.union([z.string(), z.boolean()]),
});
export type HelpTicketCustomField = z.infer<typeof HelpTicketCustomField>;

export const HelpTicket = /* @__PURE__ */ z.object({
  priority: HelpTicketPriority,
  subject: RequiredText,
  comment: z.object({ body: RequiredText, uploads: z.array(z.string()) }),
  customFields: z.array(HelpTicketCustomField),
  ccEmails: z.array(EmailAddress),
});
export type HelpTicket = z.infer<typeof HelpTicket>;

export const helpTicketFormInputs = [
  'ticketPriority',
  'ticketSubject',
  'ticketBody',
  'ticketPhoneNumber',
  'ticketCategory',
  'ticketCallback',
  'ticketCc',
  'imageTokens',
] as const;
export type HelpTicketFormInput = (typeof helpTicketFormInputs)[number];

/** Cc addresses may be separated by commas, semicolons or spaces. */
export const checkCcEmails = (text: string): CheckResult<string[]> => {
  const emails = text.split(/[\s,;]+/).filter((email) => email !== '');
  return emails.every(isValidEmail)
    ? { ok: true, value: emails }
    : { ok: false, message: messages.validation.invalidEmail };
};

export const HelpTicketForm = /* @__PURE__ */ z.object({
  ticketPriority: HelpTicketPriority,
  ticketSubject: RequiredText,
  ticketBody: RequiredText,
  ticketPhoneNumber: z.string().trim(),
  ticketCategory: z.string().trim(),
  ticketCallback: z.boolean(),
  ticketCc: z.string().transform(fromCheck(checkCcEmails)),
  imageTokens: z.array(z.string()),
}) satisfies z.ZodObject<Record<HelpTicketFormInput, z.ZodType>>;
export type HelpTicketForm = z.infer<typeof HelpTicketForm>;

const helpTicketCustomFields = (
  form: HelpTicketForm,
  locale: string | undefined,
): HelpTicketCustomField[] => {
  const ids = supportTicketCustomFieldIds;
  const texts = [
    { id: ids.phoneNumber, value: form.ticketPhoneNumber },
    { id: ids.category, value: form.ticketCategory },
  ].filter((field) => field.value !== '');
  return [
    ...texts,
    { id: ids.callback, value: form.ticketCallback },
    { id: ids.language, value: matchHelpLanguage(locale) },
  ];
};

/** The body of POST /ws/{helpdesk}/ticket built from the submit-a-ticket form. */
export const toHelpTicket = (form: HelpTicketForm, locale?: string): HelpTicket => ({
  priority: form.ticketPriority,
  subject: form.ticketSubject,
  comment: { body: form.ticketBody, uploads: form.imageTokens },
  customFields: helpTicketCustomFields(form, locale),
  ccEmails: form.ticketCc,
});
