import { Group, MultiSelect, Select, TagsInput, TextInput } from '@mantine/core';
import { isValidEmail, TICKET_MAX_ADDITIONAL_ASSIGNEES, TICKET_MAX_CC, type Ticket } from '@rmm/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicketAssigneesQuery } from '../queries.ts';
import type { TicketDraft } from '../ticket-draft.ts';

type Props = { ticket: Ticket; draft: TicketDraft; readOnly: boolean };

/**
 * The technicians to choose from: those a ticket of the organization may be assigned to (`GET
 * /tickets/assignees`); whoever the ticket names already stays listed (by name when the ticket gives it).
 */
export const useAssigneeOptions = (
  organizationId: number | null,
  ticket?: Pick<Ticket, 'assigneeId' | 'assigneeName' | 'additionalAssigneeIds'>,
) => {
  const assignees = useTicketAssigneesQuery(organizationId);
  const people = new Map<number, string>();
  for (const user of assignees.data ?? []) people.set(user.id, user.name);
  if (ticket?.assigneeId != null && !people.has(ticket.assigneeId))
    people.set(ticket.assigneeId, ticket.assigneeName ?? `#${ticket.assigneeId}`);
  for (const id of ticket?.additionalAssigneeIds ?? []) if (!people.has(id)) people.set(id, `#${id}`);
  return [...people].map(([id, name]) => ({ value: String(id), label: name }));
};

/** The requester: a person known by email and name (a user of ours is shown as they are until changed). */
const RequesterFields = ({ ticket, draft, readOnly }: Props) => {
  const { t } = useTranslation();
  const requester = draft.valueOf('requester') ?? null;
  const isUser = requester !== null && 'userId' in requester;
  const shown = isUser
    ? { email: ticket.requester?.email ?? '', name: ticket.requester?.name ?? '' }
    : { email: requester?.email ?? '', name: requester?.name ?? '' };
  const [email, setEmail] = useState(shown.email);
  const emailError =
    email.trim() && !isValidEmail(email.trim()) ? t('spec.validation.invalidEmail') : undefined;
  const update = (nextEmail: string, name: string) => {
    setEmail(nextEmail);
    const trimmed = nextEmail.trim();
    if (!trimmed) return draft.set('requester', null);
    if (isValidEmail(trimmed)) draft.set('requester', { email: trimmed, name: name.trim() });
  };
  return (
    <Group grow align="flex-start" gap="sm">
      <TextInput
        type="email"
        label={t('ticketing.field.requesterEmail')}
        value={email}
        onChange={(event) => update(event.currentTarget.value, shown.name)}
        error={emailError}
        disabled={readOnly}
      />
      <TextInput
        label={t('ticketing.field.requesterName')}
        value={shown.name}
        onChange={(event) => update(email, event.currentTarget.value)}
        disabled={readOnly || !email.trim() || emailError !== undefined}
      />
    </Group>
  );
};

/** Assignee and additional assignees, requester and cc. */
export const TicketPeopleFields = (props: Props) => {
  const { t } = useTranslation();
  const { ticket, draft, readOnly } = props;
  const options = useAssigneeOptions(ticket.organizationId, ticket);
  const assigneeId = draft.valueOf('assigneeId') ?? null;
  const additional = draft.valueOf('additionalAssigneeIds') ?? [];
  const cc = draft.valueOf('ccEmails') ?? [];
  const [ccError, setCcError] = useState<string | undefined>();
  return (
    <>
      <Select
        label={t('ticketing.field.assignee')}
        placeholder={t('ticketing.unassigned')}
        data={options}
        searchable
        clearable
        value={assigneeId === null ? null : String(assigneeId)}
        onChange={(value) => draft.set('assigneeId', value === null ? null : Number(value))}
        disabled={readOnly}
      />
      <MultiSelect
        label={t('ticketing.field.additionalAssignees')}
        data={options.filter((option) => option.value !== String(assigneeId))}
        searchable
        maxValues={TICKET_MAX_ADDITIONAL_ASSIGNEES}
        value={additional.map(String)}
        onChange={(values) => draft.set('additionalAssigneeIds', values.map(Number))}
        disabled={readOnly}
      />
      <RequesterFields key={JSON.stringify(ticket.requester)} {...props} />
      <TagsInput
        label={t('ticketing.field.cc')}
        description={t('ticketing.field.ccHint')}
        value={cc}
        maxTags={TICKET_MAX_CC}
        splitChars={[',', ';', ' ']}
        onChange={(values) => {
          const valid = values.filter((value) => isValidEmail(value.trim())).map((value) => value.trim());
          setCcError(valid.length < values.length ? t('spec.validation.invalidEmail') : undefined);
          draft.set('ccEmails', valid);
        }}
        error={ccError}
        disabled={readOnly}
      />
    </>
  );
};
