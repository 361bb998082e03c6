import { Checkbox, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { FORM_FIELD_VALUE_MAX, type Ticket, type TicketFieldValue, type TicketFormField } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { useTicketFormsQuery } from '../queries.ts';
import type { TicketDraft } from '../ticket-draft.ts';

type Props = { ticket: Ticket; draft: TicketDraft; readOnly: boolean };

/** One field of a form, by its kind; an empty value is null. */
export const FormFieldInput = ({
  field,
  value,
  onChange,
  disabled,
}: {
  field: TicketFormField;
  value: TicketFieldValue | undefined;
  onChange: (value: TicketFieldValue) => void;
  disabled?: boolean;
}) => {
  const common = { label: field.label, withAsterisk: field.isRequired, disabled };
  const text = typeof value === 'string' ? value : '';
  switch (field.kind) {
    case 'TEXT':
      return (
        <TextInput
          {...common}
          maxLength={FORM_FIELD_VALUE_MAX}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value || null)}
        />
      );
    case 'TEXTAREA':
      return (
        <Textarea
          {...common}
          rows={2}
          resize="vertical"
          maxLength={FORM_FIELD_VALUE_MAX}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value || null)}
        />
      );
    case 'NUMBER':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : null)}
        />
      );
    case 'CHECKBOX':
      return (
        <Checkbox
          label={field.label}
          disabled={disabled}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'DROPDOWN':
      return (
        <Select
          {...common}
          clearable
          data={field.options}
          value={text || null}
          onChange={(next) => onChange(next)}
        />
      );
    case 'DATE':
      return (
        <TextInput
          {...common}
          type="date"
          value={text}
          onChange={(event) => onChange(event.currentTarget.value || null)}
        />
      );
  }
};

/** The ticket's form and the values of its fields. */
export const TicketFormFields = ({ ticket, draft, readOnly }: Props) => {
  const { t } = useTranslation();
  const forms = useTicketFormsQuery();
  const formId = draft.valueOf('formId') ?? null;
  const form = forms.data?.find((candidate) => candidate.id === formId);
  const values = draft.valueOf('fieldValues') ?? ticket.fieldValues;
  const options = (forms.data ?? [])
    .filter((candidate) => candidate.isActive || candidate.id === formId)
    .map((candidate) => ({ value: String(candidate.id), label: candidate.name }));
  return (
    <Stack gap="sm">
      <Select
        label={t('ticketing.field.form')}
        placeholder={t('ticketing.none')}
        clearable
        data={options}
        value={formId === null ? null : String(formId)}
        onChange={(value) => draft.set('formId', value === null ? null : Number(value))}
        disabled={readOnly}
      />
      {form?.description && (
        <Text size="xs" c="dimmed">
          {form.description}
        </Text>
      )}
      {form?.fields.map((field) => (
        <FormFieldInput
          key={field.key}
          field={field}
          value={values[field.key]}
          onChange={(value) => draft.set('fieldValues', { ...values, [field.key]: value })}
          disabled={readOnly}
        />
      ))}
    </Stack>
  );
};
