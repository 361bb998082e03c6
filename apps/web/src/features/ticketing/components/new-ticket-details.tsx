import { Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  type TicketPriority,
  type TicketSeverity,
  type TicketType,
  ticketPriorities,
  ticketSeverities,
  ticketTypes,
} from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { TagEditor } from '../../../components/inputs/tag-editor.tsx';
import { useOrganizationQuery, useOrganizationsQuery } from '../../../lib/organizations.ts';
import type { NewTicketValues } from '../new-ticket-values.ts';
import { useTicketFormsQuery } from '../queries.ts';
import { useTicketSetup } from '../setup-lookup.ts';
import { FormFieldInput } from './ticket-form-fields.tsx';
import { DeviceSelect } from './ticket-link-fields.tsx';
import { useAssigneeOptions } from './ticket-people-fields.tsx';

const idOrNull = (value: string | null) => (value === null ? null : Number(value));
const selectValue = (id: number | null) => (id === null ? null : String(id));

/**
 * The new ticket's details beside its text: organization (required), location, device, type, priority, severity,
 * assignee, requester, tags, and a form with its fields.
 */
export const NewTicketDetails = ({
  values,
  onChange,
  problems,
}: {
  values: NewTicketValues;
  onChange: (changes: Partial<NewTicketValues>) => void;
  /** The fields to mark (once a create was tried). */
  problems: { organizationId: boolean; requesterEmail: boolean };
}) => {
  const { t } = useTranslation();
  const setup = useTicketSetup();
  const forms = useTicketFormsQuery();
  const organizations = useOrganizationsQuery({ page: 1, pageSize: 500, sort: 'name' });
  const organization = useOrganizationQuery(values.organizationId ?? undefined);
  const assignees = useAssigneeOptions(values.organizationId);
  const form = forms.data?.find((candidate) => candidate.id === values.formId);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Select
          label={t('ticketing.field.organization')}
          withAsterisk
          searchable
          data={(organizations.data?.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
          value={selectValue(values.organizationId)}
          onChange={(value) =>
            // Who may be assigned, and where, depends on the organization.
            onChange({ organizationId: idOrNull(value), locationId: null, deviceId: null, assigneeId: null })
          }
          error={problems.organizationId ? t('ticketing.required') : undefined}
        />
        <SimpleGrid cols={2} spacing="sm">
          <Select
            label={t('ticketing.field.location')}
            placeholder={t('ticketing.none')}
            clearable
            data={(organization.data?.locations ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
            value={selectValue(values.locationId)}
            onChange={(value) => onChange({ locationId: idOrNull(value) })}
            disabled={values.organizationId === null}
          />
          <DeviceSelect
            label={t('ticketing.field.device')}
            organizationId={values.organizationId}
            value={values.deviceId}
            onChange={(deviceId, locationId) =>
              onChange(locationId !== null ? { deviceId, locationId } : { deviceId })
            }
          />
        </SimpleGrid>
        <Select
          label={t('ticketing.field.type')}
          data={setup.enumOptions('types', ticketTypes)}
          value={values.type}
          onChange={(value) => value && onChange({ type: value as TicketType })}
          allowDeselect={false}
        />
        <SimpleGrid cols={2} spacing="sm">
          <Select
            label={t('ticketing.field.priority')}
            data={setup.enumOptions('priorities', ticketPriorities)}
            value={values.priority}
            onChange={(value) => value && onChange({ priority: value as TicketPriority })}
            allowDeselect={false}
          />
          <Select
            label={t('ticketing.field.severity')}
            data={setup.enumOptions('severities', ticketSeverities)}
            value={values.severity}
            onChange={(value) => value && onChange({ severity: value as TicketSeverity })}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Select
          label={t('ticketing.field.assignee')}
          placeholder={t('ticketing.unassigned')}
          searchable
          clearable
          data={assignees}
          value={selectValue(values.assigneeId)}
          onChange={(value) => onChange({ assigneeId: idOrNull(value) })}
          disabled={values.organizationId === null}
        />
        <TextInput
          type="email"
          label={t('ticketing.field.requesterEmail')}
          value={values.requesterEmail}
          onChange={(event) => onChange({ requesterEmail: event.currentTarget.value })}
          error={problems.requesterEmail ? t('spec.validation.invalidEmail') : undefined}
        />
        <TagEditor
          label={t('ticketing.field.tags')}
          value={values.tags}
          onChange={(tags) => onChange({ tags })}
        />
        <Select
          label={t('ticketing.field.form')}
          placeholder={t('ticketing.none')}
          clearable
          data={(forms.data ?? [])
            .filter((candidate) => candidate.isActive)
            .map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
          value={selectValue(values.formId)}
          onChange={(value) => onChange({ formId: idOrNull(value), fieldValues: {} })}
        />
        {form?.fields.map((field) => (
          <FormFieldInput
            key={field.key}
            field={field}
            value={values.fieldValues[field.key]}
            onChange={(value) => onChange({ fieldValues: { ...values.fieldValues, [field.key]: value } })}
          />
        ))}
      </Stack>
    </Paper>
  );
};
