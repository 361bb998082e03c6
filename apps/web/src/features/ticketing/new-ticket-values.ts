import {
  type CreateTicketRequest,
  isValidEmail,
  type TicketFieldValue,
  type TicketPriority,
  type TicketSeverity,
  type TicketType,
} from '@rmm/domain';

/** What the new-ticket page holds while it is filled in. */
export type NewTicketValues = {
  organizationId: number | null;
  locationId: number | null;
  deviceId: number | null;
  formId: number | null;
  subject: string;
  description: string;
  isDescriptionPublic: boolean;
  type: TicketType;
  priority: TicketPriority;
  severity: TicketSeverity;
  assigneeId: number | null;
  tags: string[];
  requesterEmail: string;
  fieldValues: Record<string, TicketFieldValue>;
};

/** A new ticket's first values, with the organization and device the page was opened for. */
export const newTicketValues = (given: {
  organizationId: number | null;
  deviceId: number | null;
}): NewTicketValues => ({
  organizationId: given.organizationId,
  locationId: null,
  deviceId: given.deviceId,
  formId: null,
  subject: '',
  description: '',
  isDescriptionPublic: true,
  type: 'PROBLEM',
  priority: 'NONE',
  severity: 'NONE',
  assigneeId: null,
  tags: [],
  requesterEmail: '',
  fieldValues: {},
});

/** What the form says before the request: the organization and subject are required, the email must be one. */
export const newTicketProblems = (values: NewTicketValues) => ({
  organizationId: values.organizationId === null,
  subject: values.subject.trim() === '',
  requesterEmail: values.requesterEmail.trim() !== '' && !isValidEmail(values.requesterEmail.trim()),
});

/** The request, once the values have no problem (else null). */
export const createRequestOf = (
  values: NewTicketValues,
  attachmentIds: string[],
): CreateTicketRequest | null => {
  if (values.organizationId === null || Object.values(newTicketProblems(values)).some(Boolean)) return null;
  const email = values.requesterEmail.trim();
  return {
    organizationId: values.organizationId,
    locationId: values.locationId,
    deviceId: values.deviceId,
    formId: values.formId,
    subject: values.subject.trim(),
    description: values.description,
    isDescriptionPublic: values.isDescriptionPublic,
    type: values.type,
    priority: values.priority,
    severity: values.severity,
    assigneeId: values.assigneeId,
    tags: values.tags,
    requester: email ? { email, name: '' } : null,
    attachmentIds,
    fieldValues: values.fieldValues,
  };
};
