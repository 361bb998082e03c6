import * as z from 'zod';
import { AlertPriority, AlertSeverity, alertPriorities, alertSeverities } from './conditions.ts';
import { AttachmentWithUrl } from './help-desk.ts';
import { TicketSource, TicketTemplateSetupList, TicketType, ticketSources, ticketTypes } from './tickets.ts';
import { EmailAddress, Tag } from './validators.ts';

/**
 * Ticketing (issue 20; spec §2 `/ticketing/*`, §3 ticket types, sources and template setup lists, §8 ticket
 * rules, §9 board id 1): the MSP's own service desk. Tickets belong to an organization (and optionally one of
 * its locations and devices); their status is data-driven (statuses grouped under six fixed categories); every
 * change is written to the ticket's log. Boards are saved views (conditions, columns, sort) paged by cursor.
 * Reading needs `ticketing.view`; working tickets and boards `ticketing.manage`; forms and setup lists
 * `settings.manage` (docs/decisions.md "Ticketing"). Rich text is Markdown, rendered without raw HTML.
 */

const Id = z.number().int().positive().max(2147483647);
const Time = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------- limits

export const TICKET_SUBJECT_MAX = 200;
/** Characters of a description or comment (Markdown). */
export const TICKET_TEXT_MAX = 50_000;
export const TICKET_MAX_TAGS = 30;
export const TICKET_MAX_CC = 20;
export const TICKET_MAX_ADDITIONAL_ASSIGNEES = 20;
export const TICKET_MAX_ATTACHMENTS = 50;
export const TICKET_NAME_MAX = 100;
/** A single time entry may cover at most a week. */
export const TIME_ENTRY_MAX_SECONDS = 7 * 24 * 3600;
export const TICKET_PAGE_SIZE_DEFAULT = 50;
export const TICKET_PAGE_SIZE_MAX = 200;
/** A list's count stops here: counting 100,000 matches costs more than the page itself. */
export const TICKET_COUNT_CAP = 10_000;
export const BOARD_MAX_RULES = 30;
export const BOARD_MAX_COLUMNS = 20;
export const FORM_MAX_FIELDS = 50;
export const FORM_FIELD_VALUE_MAX = 2_000;

// ---------------------------------------------------------------- priorities, severities

/** Ticket priority and severity are the alert ones (spec §3): NONE, LOW, MEDIUM, HIGH and NONE..CRITICAL. */
export const ticketPriorities = alertPriorities;
export const TicketPriority = AlertPriority;
export type TicketPriority = AlertPriority;
export const ticketSeverities = alertSeverities;
export const TicketSeverity = AlertSeverity;
export type TicketSeverity = AlertSeverity;

// ---------------------------------------------------------------- statuses

/** The fixed categories ("parent statuses") every data-driven status belongs to. */
export const ticketStatusCategories = ['NEW', 'OPEN', 'WAITING', 'PAUSED', 'RESOLVED', 'CLOSED'] as const;
export const TicketStatusCategory = /* @__PURE__ */ z.enum(ticketStatusCategories);
export type TicketStatusCategory = z.infer<typeof TicketStatusCategory>;

/** A ticket in one of these categories is done: its incidents cannot be edited, boards of open tickets skip it. */
export const isClosedCategory = (category: TicketStatusCategory): boolean =>
  category === 'RESOLVED' || category === 'CLOSED';

/** The system statuses seeded with fixed ids 1..6, one per category (renamable, never deleted). */
export const systemTicketStatuses: readonly { id: number; name: string; category: TicketStatusCategory }[] = [
  { id: 1, name: 'New', category: 'NEW' },
  { id: 2, name: 'Open', category: 'OPEN' },
  { id: 3, name: 'Waiting', category: 'WAITING' },
  { id: 4, name: 'Paused', category: 'PAUSED' },
  { id: 5, name: 'Resolved', category: 'RESOLVED' },
  { id: 6, name: 'Closed', category: 'CLOSED' },
];
export const NEW_TICKET_STATUS_ID = 1;
export const RESOLVED_TICKET_STATUS_ID = 5;
export const CLOSED_TICKET_STATUS_ID = 6;

export const TicketStatus = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  /** Its parent status. */
  category: TicketStatusCategory,
  isSystem: z.boolean(),
  isActive: z.boolean(),
  position: z.number().int(),
});
export type TicketStatus = z.infer<typeof TicketStatus>;

// ---------------------------------------------------------------- setup lists

/**
 * Spec §3 ticket template setup lists. `types`, `priorities`, `sources` and `severities` hold the spec's fixed
 * enumerations as system items (`key` is the enum value; name and order may change, nothing is added or
 * deleted). `statuses` are the data-driven statuses (`category` set). `teams`, `subtypes` (under a type,
 * `parentKey`), `items` (under a subtype, `parentId`) and `impacts` are the MSP's own. `boards` is read-only
 * here: boards are administered at `/ticket-boards`.
 */
export const TicketSetupItem = /* @__PURE__ */ z.object({
  id: z.number().int(),
  list: TicketTemplateSetupList,
  name: z.string(),
  /** The enum value of a system item (types, priorities, sources, severities), else null. */
  key: z.string().nullable(),
  /** Statuses only. */
  category: TicketStatusCategory.nullable(),
  /** Items: the subtype they belong to. */
  parentId: z.number().int().nullable(),
  /** Subtypes: the ticket type they belong to. */
  parentKey: TicketType.nullable(),
  isSystem: z.boolean(),
  isActive: z.boolean(),
  position: z.number().int(),
});
export type TicketSetupItem = z.infer<typeof TicketSetupItem>;

/** Lists whose items the MSP adds and deletes; the enumerations only allow renaming and reordering. */
export const customTicketSetupLists = ['statuses', 'teams', 'subtypes', 'items', 'impacts'] as const;
export const enumTicketSetupLists = ['types', 'priorities', 'sources', 'severities'] as const;
export const enumSetupListKeys: Readonly<Record<(typeof enumTicketSetupLists)[number], readonly string[]>> = {
  types: ticketTypes,
  priorities: ticketPriorities,
  sources: ticketSources,
  severities: ticketSeverities,
};
export const isCustomSetupList = (list: TicketTemplateSetupList): boolean =>
  (customTicketSetupLists as readonly string[]).includes(list);

export const TicketSetupListParam = /* @__PURE__ */ z.object({ list: TicketTemplateSetupList });
export const TicketSetupItemParams = /* @__PURE__ */ TicketSetupListParam.extend({
  id: z.coerce.number().pipe(Id),
});

export const SaveTicketSetupItemRequest = /* @__PURE__ */ z.object({
  name: z.string().trim().min(1).max(TICKET_NAME_MAX),
  category: TicketStatusCategory.optional(),
  parentId: Id.nullable().optional(),
  parentKey: TicketType.nullable().optional(),
  isActive: z.boolean().default(true),
  position: z.number().int().min(0).max(10_000).optional(),
});
export type SaveTicketSetupItemRequest = z.input<typeof SaveTicketSetupItemRequest>;

export const TicketSetupItemResponse = /* @__PURE__ */ z.object({ item: TicketSetupItem });
export type TicketSetupItemResponse = z.infer<typeof TicketSetupItemResponse>;
export const ListTicketSetupItemsResponse = /* @__PURE__ */ z.object({ items: z.array(TicketSetupItem) });
export type ListTicketSetupItemsResponse = z.infer<typeof ListTicketSetupItemsResponse>;
/** Every list at once, for pickers: `GET /ticket-setup`. */
export const TicketSetupResponse = /* @__PURE__ */ z.object({
  lists: z.record(TicketTemplateSetupList, z.array(TicketSetupItem)),
});
export type TicketSetupResponse = z.infer<typeof TicketSetupResponse>;

// ---------------------------------------------------------------- forms

export const ticketFormFieldKinds = ['TEXT', 'TEXTAREA', 'NUMBER', 'CHECKBOX', 'DROPDOWN', 'DATE'] as const;
export const TicketFormFieldKind = /* @__PURE__ */ z.enum(ticketFormFieldKinds);
export type TicketFormFieldKind = z.infer<typeof TicketFormFieldKind>;

/**
 * A form's timer: OFF hides the timer (time entries by hand still count); MANUAL shows start and stop;
 * AUTOMATIC starts it when a technician opens a ticket of the form (the console calls start).
 */
export const ticketTimerSettings = ['OFF', 'MANUAL', 'AUTOMATIC'] as const;
export const TicketTimerSetting = /* @__PURE__ */ z.enum(ticketTimerSettings);
export type TicketTimerSetting = z.infer<typeof TicketTimerSetting>;

export const TicketFormField = /* @__PURE__ */ z
  .object({
    /** Stable key of the value in `Ticket.fieldValues`. */
    key: z
      .string()
      .regex(/^[a-zA-Z][a-zA-Z0-9_]{0,49}$/, 'A key is a letter then letters, digits or _ (at most 50)'),
    label: z.string().trim().min(1).max(TICKET_NAME_MAX),
    kind: TicketFormFieldKind,
    isRequired: z.boolean().default(false),
    /** DROPDOWN only: the choices. */
    options: z.array(z.string().trim().min(1).max(TICKET_NAME_MAX)).max(100).default([]),
  })
  .refine((field) => field.kind !== 'DROPDOWN' || field.options.length > 0, {
    message: 'A dropdown needs at least one option',
    path: ['options'],
  });
export type TicketFormField = z.infer<typeof TicketFormField>;

export const TicketForm = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  fields: z.array(TicketFormField),
  timer: TicketTimerSetting,
  isActive: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TicketForm = z.infer<typeof TicketForm>;

export const SaveTicketFormRequest = /* @__PURE__ */ z.object({
  name: z.string().trim().min(1).max(TICKET_NAME_MAX),
  description: z.string().trim().max(1_000).default(''),
  fields: z
    .array(TicketFormField)
    .max(FORM_MAX_FIELDS)
    .default([])
    .refine((fields) => new Set(fields.map((f) => f.key)).size === fields.length, 'Field keys must differ'),
  timer: TicketTimerSetting.default('MANUAL'),
  isActive: z.boolean().default(true),
});
export type SaveTicketFormRequest = z.input<typeof SaveTicketFormRequest>;
export const TicketFormResponse = /* @__PURE__ */ z.object({ form: TicketForm });
export type TicketFormResponse = z.infer<typeof TicketFormResponse>;
export const ListTicketFormsResponse = /* @__PURE__ */ z.object({ forms: z.array(TicketForm) });
export type ListTicketFormsResponse = z.infer<typeof ListTicketFormsResponse>;

/** A value of a form field on a ticket (checked against the form's field kinds by the server). */
export const TicketFieldValue = /* @__PURE__ */ z.union([
  z.string().max(FORM_FIELD_VALUE_MAX),
  z.number(),
  z.boolean(),
  z.null(),
]);
export type TicketFieldValue = z.infer<typeof TicketFieldValue>;

// ---------------------------------------------------------------- tickets

/** Who asked: a user of ours, or someone known only by email (and name). */
export const TicketRequester = /* @__PURE__ */ z.object({
  userId: z.number().int().nullable(),
  email: z.string().nullable(),
  name: z.string().nullable(),
});
export type TicketRequester = z.infer<typeof TicketRequester>;

export const TicketRequesterInput = /* @__PURE__ */ z.union([
  z.object({ userId: Id }).strict(),
  z.object({ email: EmailAddress, name: z.string().trim().max(TICKET_NAME_MAX).default('') }).strict(),
]);
export type TicketRequesterInput = z.input<typeof TicketRequesterInput>;

/** A file on a ticket or comment: the attachments module's record, with a fresh signed download URL. */
export const TicketAttachment = AttachmentWithUrl;
export type TicketAttachment = AttachmentWithUrl;

export const Ticket = /* @__PURE__ */ z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  locationId: z.number().int().nullable(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  formId: z.number().int().nullable(),
  subject: z.string(),
  /** Markdown, rendered without raw HTML. */
  description: z.string(),
  /** A public description is shown to the requester; an internal one only to technicians. */
  isDescriptionPublic: z.boolean(),
  type: TicketType,
  source: TicketSource,
  statusId: z.number().int(),
  status: TicketStatus.pick({ id: true, name: true, category: true }),
  priority: TicketPriority,
  severity: TicketSeverity,
  teamId: z.number().int().nullable(),
  subtypeId: z.number().int().nullable(),
  itemId: z.number().int().nullable(),
  impactId: z.number().int().nullable(),
  tags: z.array(z.string()),
  requester: TicketRequester.nullable(),
  ccEmails: z.array(z.string()),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  additionalAssigneeIds: z.array(z.number().int()),
  followUpTime: z.string().nullable(),
  attachments: z.array(TicketAttachment),
  /** The problem this incident belongs to. */
  parentTicketId: z.number().int().nullable(),
  /** The agreement that bills its products and time (billing, issue 21); the ticket rules of §8 apply. */
  agreementId: z.number().int().nullable(),
  fieldValues: z.record(z.string(), TicketFieldValue),
  timeTrackedSeconds: z.number().int(),
  /** Raised by each change; an update must send the version it read (409 with the current ticket if stale). */
  version: z.number().int(),
  createdBy: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Ticket = z.infer<typeof Ticket>;

/** A board row: what board columns can show. */
export const TicketSummary = /* @__PURE__ */ Ticket.pick({
  id: true,
  organizationId: true,
  organizationName: true,
  locationId: true,
  deviceId: true,
  deviceName: true,
  subject: true,
  type: true,
  source: true,
  statusId: true,
  status: true,
  priority: true,
  severity: true,
  teamId: true,
  tags: true,
  requester: true,
  assigneeId: true,
  assigneeName: true,
  followUpTime: true,
  parentTicketId: true,
  timeTrackedSeconds: true,
  version: true,
  createTime: true,
  updateTime: true,
});
export type TicketSummary = z.infer<typeof TicketSummary>;

const Tags = z
  .array(Tag)
  .max(TICKET_MAX_TAGS)
  .transform((tags) => [...new Set(tags)]);
const CcEmails = z
  .array(EmailAddress)
  .max(TICKET_MAX_CC)
  .transform((emails) => [...new Set(emails.map((e) => e.toLowerCase()))]);
const AssigneeIds = z
  .array(Id)
  .max(TICKET_MAX_ADDITIONAL_ASSIGNEES)
  .transform((ids) => [...new Set(ids)]);
const AttachmentIds = z
  .array(z.uuid())
  .max(TICKET_MAX_ATTACHMENTS)
  .transform((ids) => [...new Set(ids)]);

/** The editable fields; create requires organization and subject, update sends only what changes. */
const TicketFields = {
  organizationId: Id,
  locationId: Id.nullable(),
  deviceId: Id.nullable(),
  formId: Id.nullable(),
  subject: z.string().trim().min(1).max(TICKET_SUBJECT_MAX),
  description: z.string().max(TICKET_TEXT_MAX),
  isDescriptionPublic: z.boolean(),
  type: TicketType,
  statusId: Id,
  priority: TicketPriority,
  severity: TicketSeverity,
  teamId: Id.nullable(),
  subtypeId: Id.nullable(),
  itemId: Id.nullable(),
  impactId: Id.nullable(),
  tags: Tags,
  requester: TicketRequesterInput.nullable(),
  ccEmails: CcEmails,
  assigneeId: Id.nullable(),
  additionalAssigneeIds: AssigneeIds,
  followUpTime: Time.nullable(),
  attachmentIds: AttachmentIds,
  parentTicketId: Id.nullable(),
  agreementId: Id.nullable(),
  fieldValues: z.record(z.string().max(50), TicketFieldValue),
};

export const CreateTicketRequest = /* @__PURE__ */ z.object({
  organizationId: TicketFields.organizationId,
  subject: TicketFields.subject,
  locationId: TicketFields.locationId.default(null),
  deviceId: TicketFields.deviceId.default(null),
  formId: TicketFields.formId.default(null),
  description: TicketFields.description.default(''),
  isDescriptionPublic: TicketFields.isDescriptionPublic.default(true),
  type: TicketFields.type.default('PROBLEM'),
  statusId: TicketFields.statusId.default(NEW_TICKET_STATUS_ID),
  priority: TicketFields.priority.default('NONE'),
  severity: TicketFields.severity.default('NONE'),
  teamId: TicketFields.teamId.default(null),
  subtypeId: TicketFields.subtypeId.default(null),
  itemId: TicketFields.itemId.default(null),
  impactId: TicketFields.impactId.default(null),
  tags: TicketFields.tags.default([]),
  requester: TicketFields.requester.default(null),
  ccEmails: TicketFields.ccEmails.default([]),
  assigneeId: TicketFields.assigneeId.default(null),
  additionalAssigneeIds: TicketFields.additionalAssigneeIds.default([]),
  followUpTime: TicketFields.followUpTime.default(null),
  attachmentIds: TicketFields.attachmentIds.default([]),
  parentTicketId: TicketFields.parentTicketId.default(null),
  agreementId: TicketFields.agreementId.default(null),
  fieldValues: TicketFields.fieldValues.default({}),
});
export type CreateTicketRequest = z.input<typeof CreateTicketRequest>;
/** What the service takes (defaults applied). */
export type CreateTicketInput = z.output<typeof CreateTicketRequest>;

/**
 * A change: the fields that change, and the version read. `attachmentIds` is the whole new list (files
 * left out are detached). Moving a ticket to another organization is not offered (create a new one).
 */
export const UpdateTicketRequest = /* @__PURE__ */ z
  .object({
    version: z.number().int().min(1),
    locationId: TicketFields.locationId,
    deviceId: TicketFields.deviceId,
    formId: TicketFields.formId,
    subject: TicketFields.subject,
    description: TicketFields.description,
    isDescriptionPublic: TicketFields.isDescriptionPublic,
    type: TicketFields.type,
    statusId: TicketFields.statusId,
    priority: TicketFields.priority,
    severity: TicketFields.severity,
    teamId: TicketFields.teamId,
    subtypeId: TicketFields.subtypeId,
    itemId: TicketFields.itemId,
    impactId: TicketFields.impactId,
    tags: TicketFields.tags,
    requester: TicketFields.requester,
    ccEmails: TicketFields.ccEmails,
    assigneeId: TicketFields.assigneeId,
    additionalAssigneeIds: TicketFields.additionalAssigneeIds,
    followUpTime: TicketFields.followUpTime,
    attachmentIds: TicketFields.attachmentIds,
    parentTicketId: TicketFields.parentTicketId,
    agreementId: TicketFields.agreementId,
    fieldValues: TicketFields.fieldValues,
  })
  .partial()
  .required({ version: true })
  .strict();
export type UpdateTicketRequest = z.input<typeof UpdateTicketRequest>;
export type UpdateTicketInput = z.output<typeof UpdateTicketRequest>;

/** The fields a change entry of the log may name. */
export const ticketLoggedFields = [
  'locationId',
  'deviceId',
  'formId',
  'subject',
  'description',
  'isDescriptionPublic',
  'type',
  'statusId',
  'priority',
  'severity',
  'teamId',
  'subtypeId',
  'itemId',
  'impactId',
  'tags',
  'requester',
  'ccEmails',
  'assigneeId',
  'additionalAssigneeIds',
  'followUpTime',
  'attachmentIds',
  'parentTicketId',
  'agreementId',
  'fieldValues',
] as const;
export type TicketLoggedField = (typeof ticketLoggedFields)[number];

/**
 * `GET /tickets/assignees?organizationId=`: the technicians a ticket of the organization may be assigned to —
 * enabled technicians whose role may read and work tickets (`ticketing.view` and `ticketing.manage`) and whose
 * scope and role's scope both hold the organization; by name.
 */
export const ListTicketAssigneesQuery = /* @__PURE__ */ z.object({
  organizationId: z.coerce.number().int().positive().max(2147483647),
});
export type ListTicketAssigneesQuery = z.output<typeof ListTicketAssigneesQuery>;

export const TicketAssignee = /* @__PURE__ */ z.object({
  id: z.number().int(),
  /** The user's name, or their email when they have none. */
  name: z.string(),
  email: z.string(),
});
export type TicketAssignee = z.infer<typeof TicketAssignee>;

export const ListTicketAssigneesResponse = /* @__PURE__ */ z.object({ data: z.array(TicketAssignee) });
export type ListTicketAssigneesResponse = z.infer<typeof ListTicketAssigneesResponse>;

export const TicketResponse = /* @__PURE__ */ z.object({
  ticket: Ticket,
  /** The caller's running timer on this ticket, if any. */
  timer: z.object({ startTime: z.string() }).nullable(),
});
export type TicketResponse = z.infer<typeof TicketResponse>;

/** 409 on a stale version: the error and the ticket as it is now. */
export const TicketConflictBody = /* @__PURE__ */ z.object({
  error: z.object({ code: z.literal('TICKET_VERSION_CONFLICT'), message: z.string() }),
  ticket: Ticket,
});
export type TicketConflictBody = z.infer<typeof TicketConflictBody>;

// ---------------------------------------------------------------- comments, time, log

export const AddTicketCommentRequest = /* @__PURE__ */ z.object({
  /** Markdown. */
  body: z.string().trim().min(1).max(TICKET_TEXT_MAX),
  isPublic: z.boolean().default(false),
  attachmentIds: AttachmentIds.default([]),
});
export type AddTicketCommentRequest = z.input<typeof AddTicketCommentRequest>;

/** A time entry: a start and an end, or a duration (ending now). */
export const AddTimeEntryRequest = /* @__PURE__ */ z
  .object({
    startTime: Time.optional(),
    endTime: Time.optional(),
    durationSeconds: z.number().int().min(1).max(TIME_ENTRY_MAX_SECONDS).optional(),
    note: z.string().trim().max(2_000).default(''),
    isBillable: z.boolean().default(true),
  })
  .superRefine((entry, ctx) => {
    const hasRange = entry.startTime !== undefined && entry.endTime !== undefined;
    if (hasRange === (entry.durationSeconds !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Give a start and an end, or a duration',
        path: ['durationSeconds'],
      });
      return;
    }
    if (!hasRange) return;
    const seconds = (Date.parse(entry.endTime!) - Date.parse(entry.startTime!)) / 1000;
    if (seconds < 1)
      ctx.addIssue({ code: 'custom', message: 'The end must be after the start', path: ['endTime'] });
    if (seconds > TIME_ENTRY_MAX_SECONDS) {
      ctx.addIssue({ code: 'custom', message: 'A time entry may cover at most 7 days', path: ['endTime'] });
    }
  });
export type AddTimeEntryRequest = z.input<typeof AddTimeEntryRequest>;
export type AddTimeEntryInput = z.output<typeof AddTimeEntryRequest>;

export const StopTimerRequest = /* @__PURE__ */ z.object({
  note: z.string().trim().max(2_000).default(''),
  isBillable: z.boolean().default(true),
});
export type StopTimerRequest = z.input<typeof StopTimerRequest>;

export const TimeEntry = /* @__PURE__ */ z.object({
  startTime: z.string(),
  endTime: z.string(),
  durationSeconds: z.number().int(),
  note: z.string(),
  isBillable: z.boolean(),
  /** How it was taken: by hand or with the timer. */
  method: z.enum(['MANUAL', 'TIMER']),
});
export type TimeEntry = z.infer<typeof TimeEntry>;

export const TicketFieldChange = /* @__PURE__ */ z.object({
  field: z.enum(ticketLoggedFields),
  from: z.unknown(),
  to: z.unknown(),
});
export type TicketFieldChange = z.infer<typeof TicketFieldChange>;

export const ticketLogEntryTypes = ['CREATED', 'CHANGE', 'COMMENT', 'TIME_ENTRY'] as const;
export const TicketLogEntryType = /* @__PURE__ */ z.enum(ticketLogEntryTypes);
export type TicketLogEntryType = z.infer<typeof TicketLogEntryType>;

const logBase = {
  id: z.number().int(),
  ticketId: z.number().int(),
  actorId: z.number().int().nullable(),
  /** The user's email, or what acted for nobody (`Ruleset: CPU`, `email`). */
  actorName: z.string(),
  source: TicketSource,
  createTime: z.string(),
};

export const TicketLogEntry = /* @__PURE__ */ z.discriminatedUnion('type', [
  z.object({ ...logBase, type: z.literal('CREATED') }),
  z.object({ ...logBase, type: z.literal('CHANGE'), changes: z.array(TicketFieldChange) }),
  z.object({
    ...logBase,
    type: z.literal('COMMENT'),
    /** Markdown, rendered without raw HTML. */
    body: z.string(),
    isPublic: z.boolean(),
    attachments: z.array(TicketAttachment),
  }),
  z.object({ ...logBase, type: z.literal('TIME_ENTRY'), timeEntry: TimeEntry }),
]);
export type TicketLogEntry = z.infer<typeof TicketLogEntry>;

export const ListTicketLogQuery = /* @__PURE__ */ z.object({
  type: TicketLogEntryType.optional(),
  cursor: z.string().max(200).optional(),
  pageSize: z.coerce.number().int().min(1).max(TICKET_PAGE_SIZE_MAX).default(TICKET_PAGE_SIZE_DEFAULT),
});
export type ListTicketLogQuery = z.output<typeof ListTicketLogQuery>;
const NamesById = z.record(z.string(), z.string());

/**
 * The names of what a page's changes refer to, by id, read when the log is read: locations, forms, tickets
 * (a parent problem: its subject, if the reader may see it) and users (assignees). What no longer exists is
 * missing (the console shows `#id`).
 */
export const TicketLogNames = /* @__PURE__ */ z.object({
  locations: NamesById,
  forms: NamesById,
  tickets: NamesById,
  users: NamesById,
  /** Billing's agreements (a ticket's `agreementId`), if the reader may see them. */
  agreements: NamesById.default({}),
});
export type TicketLogNames = z.infer<typeof TicketLogNames>;

/** Newest first. */
export const ListTicketLogResponse = /* @__PURE__ */ z.object({
  data: z.array(TicketLogEntry),
  nextCursor: z.string().nullable(),
  pageSize: z.number().int(),
  names: TicketLogNames,
});
export type ListTicketLogResponse = z.infer<typeof ListTicketLogResponse>;

export const TicketLogEntryResponse = /* @__PURE__ */ z.object({ entry: TicketLogEntry, ticket: Ticket });
export type TicketLogEntryResponse = z.infer<typeof TicketLogEntryResponse>;

export const TimerResponse = /* @__PURE__ */ z.object({
  timer: z.object({ startTime: z.string() }).nullable(),
  /** On stop: the time entry it wrote. */
  entry: TicketLogEntry.nullable(),
});
export type TimerResponse = z.infer<typeof TimerResponse>;

// ---------------------------------------------------------------- boards

/**
 * Board condition fields and what each allows. `kind` decides operators and values: `id` and `enum` take
 * one value or a list, `text` a string, `time` an ISO time (or, with WITHIN_LAST_HOURS/OLDER_THAN_HOURS, a
 * number of hours), `tags` a tag, `number` a number. `assigneeId` also takes `CURRENT_USER`.
 */
export const boardFieldKinds = {
  statusId: 'id',
  statusCategory: 'enum',
  type: 'enum',
  source: 'enum',
  priority: 'enum',
  severity: 'enum',
  organizationId: 'id',
  locationId: 'id',
  deviceId: 'id',
  formId: 'id',
  teamId: 'id',
  assigneeId: 'id',
  parentTicketId: 'id',
  subject: 'text',
  requesterEmail: 'text',
  tags: 'tags',
  createTime: 'time',
  updateTime: 'time',
  followUpTime: 'time',
  timeTrackedSeconds: 'number',
} as const;
export type BoardField = keyof typeof boardFieldKinds;
export type BoardFieldKind = (typeof boardFieldKinds)[BoardField];
export const boardFields = Object.keys(boardFieldKinds) as BoardField[];
export const BoardFieldName = /* @__PURE__ */ z.enum(boardFields as [BoardField, ...BoardField[]]);

export const boardOperators = [
  'EQUALS',
  'NOT_EQUALS',
  'IN',
  'NOT_IN',
  'CONTAINS',
  'NOT_CONTAINS',
  'STARTS_WITH',
  'GREATER_THAN',
  'GREATER_OR_EQUAL',
  'LESS_THAN',
  'LESS_OR_EQUAL',
  'WITHIN_LAST_HOURS',
  'OLDER_THAN_HOURS',
  'IS_EMPTY',
  'IS_NOT_EMPTY',
] as const;
export const BoardOperator = /* @__PURE__ */ z.enum(boardOperators);
export type BoardOperator = z.infer<typeof BoardOperator>;

/** The operators each field kind allows. */
export const boardOperatorsByKind: Readonly<Record<BoardFieldKind, readonly BoardOperator[]>> = {
  id: ['EQUALS', 'NOT_EQUALS', 'IN', 'NOT_IN', 'IS_EMPTY', 'IS_NOT_EMPTY'],
  enum: ['EQUALS', 'NOT_EQUALS', 'IN', 'NOT_IN'],
  text: ['EQUALS', 'NOT_EQUALS', 'CONTAINS', 'NOT_CONTAINS', 'STARTS_WITH', 'IS_EMPTY', 'IS_NOT_EMPTY'],
  tags: ['CONTAINS', 'NOT_CONTAINS', 'IS_EMPTY', 'IS_NOT_EMPTY'],
  time: [
    'GREATER_THAN',
    'GREATER_OR_EQUAL',
    'LESS_THAN',
    'LESS_OR_EQUAL',
    'WITHIN_LAST_HOURS',
    'OLDER_THAN_HOURS',
    'IS_EMPTY',
    'IS_NOT_EMPTY',
  ],
  number: ['EQUALS', 'NOT_EQUALS', 'GREATER_THAN', 'GREATER_OR_EQUAL', 'LESS_THAN', 'LESS_OR_EQUAL'],
};

/** The assignee value meaning "whoever looks at the board". */
export const BOARD_CURRENT_USER = 'CURRENT_USER';

const enumValuesOf: Readonly<Partial<Record<BoardField, readonly string[]>>> = {
  statusCategory: ticketStatusCategories,
  type: ticketTypes,
  source: ticketSources,
  priority: ticketPriorities,
  severity: ticketSeverities,
};

const BoardValue = z.union([
  z.string().max(200),
  z.number(),
  z.array(z.union([z.string().max(200), z.number()])).max(100),
  z.null(),
]);

export const BoardRule = /* @__PURE__ */ z.object({
  field: BoardFieldName,
  operator: BoardOperator,
  value: BoardValue.default(null),
});
export type BoardRule = z.infer<typeof BoardRule>;

const isList = (operator: BoardOperator) => operator === 'IN' || operator === 'NOT_IN';
const isNullCheck = (operator: BoardOperator) => operator === 'IS_EMPTY' || operator === 'IS_NOT_EMPTY';
const isHours = (operator: BoardOperator) =>
  operator === 'WITHIN_LAST_HOURS' || operator === 'OLDER_THAN_HOURS';

const isScalarOf = (field: BoardField, operator: BoardOperator, value: unknown): boolean => {
  const kind = boardFieldKinds[field];
  if (kind === 'id') {
    return (
      (Number.isInteger(value) && (value as number) > 0) ||
      (field === 'assigneeId' && value === BOARD_CURRENT_USER)
    );
  }
  if (kind === 'enum') return typeof value === 'string' && (enumValuesOf[field] ?? []).includes(value);
  if (kind === 'text' || kind === 'tags') return typeof value === 'string' && value.length > 0;
  if (kind === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (isHours(operator)) return typeof value === 'number' && value > 0 && value <= 24 * 3650;
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
};

/** Why a rule cannot be used (its operator or value does not fit its field), or null when it fits. */
export const boardRuleProblem = (rule: BoardRule): string | null => {
  if (!boardOperatorsByKind[boardFieldKinds[rule.field]].includes(rule.operator)) {
    return `${rule.operator} does not apply to ${rule.field}`;
  }
  if (isNullCheck(rule.operator)) return rule.value === null ? null : `${rule.operator} takes no value`;
  if (isList(rule.operator)) {
    const ok =
      Array.isArray(rule.value) &&
      rule.value.length > 0 &&
      rule.value.every((v) => isScalarOf(rule.field, rule.operator, v));
    return ok ? null : `${rule.field} ${rule.operator} needs a list of valid values`;
  }
  return isScalarOf(rule.field, rule.operator, rule.value) ? null : `Invalid value for ${rule.field}`;
};

export const BoardConditions = /* @__PURE__ */ z.object({
  match: z.enum(['ALL', 'ANY']).default('ALL'),
  rules: z
    .array(BoardRule)
    .max(BOARD_MAX_RULES)
    .default([])
    .superRefine((rules, ctx) => {
      rules.forEach((rule, index) => {
        const problem = boardRuleProblem(rule);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [index] });
      });
    }),
});
export type BoardConditions = z.infer<typeof BoardConditions>;

/** The columns a board may show (fields of TicketSummary). */
export const boardColumns = [
  'id',
  'subject',
  'organizationName',
  'deviceName',
  'status',
  'type',
  'source',
  'priority',
  'severity',
  'tags',
  'requester',
  'assigneeName',
  'followUpTime',
  'timeTrackedSeconds',
  'createTime',
  'updateTime',
] as const;
export const BoardColumn = /* @__PURE__ */ z.enum(boardColumns);
export type BoardColumn = z.infer<typeof BoardColumn>;

/** What a board sorts by (then by id, for stable cursor paging). Priority and severity sort by rank. */
export const boardSortFields = ['id', 'createTime', 'updateTime', 'priority', 'severity', 'subject'] as const;
export const BoardSortField = /* @__PURE__ */ z.enum(boardSortFields);
export type BoardSortField = z.infer<typeof BoardSortField>;
export const BoardSort = /* @__PURE__ */ z.object({
  field: BoardSortField.default('createTime'),
  direction: z.enum(['ASC', 'DESC']).default('DESC'),
});
export type BoardSort = z.infer<typeof BoardSort>;

export const TicketBoard = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  conditions: BoardConditions,
  columns: z.array(BoardColumn),
  sort: BoardSort,
  /** Board 1 (spec §9: the fixed `/ticketing/board/1`): cannot be deleted. */
  isSystem: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TicketBoard = z.infer<typeof TicketBoard>;

export const DEFAULT_BOARD_COLUMNS: readonly BoardColumn[] = [
  'id',
  'subject',
  'organizationName',
  'status',
  'priority',
  'assigneeName',
  'updateTime',
];
export const DEFAULT_BOARD_NAME = 'All open tickets';
/** Board 1: every ticket not resolved or closed, newest change first. */
export const defaultBoardConditions: BoardConditions = {
  match: 'ALL',
  rules: [{ field: 'statusCategory', operator: 'NOT_IN', value: ['RESOLVED', 'CLOSED'] }],
};

export const SaveTicketBoardRequest = /* @__PURE__ */ z.object({
  name: z.string().trim().min(1).max(TICKET_NAME_MAX),
  conditions: BoardConditions.default({ match: 'ALL', rules: [] }),
  columns: z
    .array(BoardColumn)
    .min(1)
    .max(BOARD_MAX_COLUMNS)
    .default([...DEFAULT_BOARD_COLUMNS])
    .transform((columns) => [...new Set(columns)]),
  sort: BoardSort.default({ field: 'createTime', direction: 'DESC' }),
});
export type SaveTicketBoardRequest = z.input<typeof SaveTicketBoardRequest>;
export const TicketBoardResponse = /* @__PURE__ */ z.object({ board: TicketBoard });
export type TicketBoardResponse = z.infer<typeof TicketBoardResponse>;
export const ListTicketBoardsResponse = /* @__PURE__ */ z.object({ boards: z.array(TicketBoard) });
export type ListTicketBoardsResponse = z.infer<typeof ListTicketBoardsResponse>;

// ---------------------------------------------------------------- ticket lists (cursor paging)

const optionalId = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.coerce.number().pipe(Id).optional(),
);

/**
 * A page of tickets: `GET /tickets` (filters only) or `GET /ticket-boards/:id/tickets` (the board's conditions
 * and sort, narrowed by the same filters). `cursor` is the `nextCursor` of the page before; a cursor is
 * tied to its sort and is refused (400) with another.
 */
export const ListTicketsQuery = /* @__PURE__ */ z.object({
  organizationId: optionalId,
  deviceId: optionalId,
  parentTicketId: optionalId,
  /** Part of the subject, or the ticket id. */
  search: z.string().trim().max(200).optional(),
  cursor: z.string().max(500).optional(),
  pageSize: z.coerce.number().int().min(1).max(TICKET_PAGE_SIZE_MAX).default(TICKET_PAGE_SIZE_DEFAULT),
  /** `GET /tickets` only (a board has its own): the sort. */
  sort: BoardSortField.default('createTime'),
  direction: z.enum(['ASC', 'DESC']).default('DESC'),
});
export type ListTicketsQuery = z.output<typeof ListTicketsQuery>;

export const ListTicketsResponse = /* @__PURE__ */ z.object({
  data: z.array(TicketSummary),
  /**
   * Matching tickets in all, counted for the first page only (null when a cursor is given), up to
   * TICKET_COUNT_CAP: `isCountCapped` says there are that many or more ("10,000+").
   */
  count: z.number().int().nullable(),
  isCountCapped: z.boolean(),
  nextCursor: z.string().nullable(),
  pageSize: z.number().int(),
});
export type ListTicketsResponse = z.infer<typeof ListTicketsResponse>;

// ---------------------------------------------------------------- params and errors

export const TicketIdParam = /* @__PURE__ */ z.object({ id: z.coerce.number().pipe(Id) });

/** Ticketing's own texts (decided: the spec shows none but the ticket rules, which are `messages.ticketRules`). */
export const ticketingMessages = {
  versionConflict: 'This ticket was changed by someone else; review the current version and try again',
  notFound: 'Ticket not found',
  deviceNotInOrganization: 'The device does not belong to the ticket’s organization',
  locationNotInOrganization: 'The location does not belong to the ticket’s organization',
  parentNotProblem: 'Only a problem can have incidents',
  notAssignable: 'Only active technicians who may work tickets of the ticket’s organization can be assigned',
  timerDisabled: 'The ticket’s form does not use a timer',
  timerRunning: 'A timer is already running on this ticket',
  timerNotRunning: 'No timer is running on this ticket',
  boardNotFound: 'Board not found',
  systemBoard: 'This board is built in and cannot be deleted',
  formNotFound: 'Form not found',
  setupItemNotFound: 'Setup list item not found',
  setupItemInUse: 'This item is in use by tickets; deactivate it instead',
  setupListReadOnly: 'Items cannot be added to or deleted from this list',
  invalidCursor: 'The page cursor is not valid for this list; start from the first page',
} as const;

/** Error codes of ticketing and their HTTP status; the texts are `ticketingMessages` and `messages.ticketRules`. */
export const ticketingErrorCodes = {
  TICKET_NOT_FOUND: 404,
  BOARD_NOT_FOUND: 404,
  FORM_NOT_FOUND: 404,
  SETUP_ITEM_NOT_FOUND: 404,
  TICKET_VERSION_CONFLICT: 409,
  TIMER_RUNNING: 409,
  TIMER_NOT_RUNNING: 409,
  TIMER_DISABLED: 409,
  SETUP_ITEM_IN_USE: 409,
  BOARD_SYSTEM: 409,
  /** A ticket rule of spec §8 (its message is the spec's). */
  TICKET_RULE: 422,
  /** A reference that does not fit (device of another organization, unknown status, form field...). */
  TICKET_INVALID: 422,
  SETUP_LIST_READ_ONLY: 422,
  INVALID_CURSOR: 400,
} as const;
export type TicketingErrorCode = keyof typeof ticketingErrorCodes;
