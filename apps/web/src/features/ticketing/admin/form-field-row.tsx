import { Checkbox, Group, Paper, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import {
  TICKET_NAME_MAX,
  type TicketFormField,
  type TicketFormFieldKind,
  ticketFormFieldKinds,
} from '@rmm/domain';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LabelledActionIcon } from '../../../components/labelled-action-icon.tsx';

/** One field of a form: label, kind, choices of a dropdown, required; its key is kept from its creation. */
export const FieldRow = ({
  field,
  index,
  count,
  problems,
  onChange,
  onMove,
  onRemove,
}: {
  field: TicketFormField;
  index: number;
  count: number;
  problems: Map<string, string>;
  onChange: (field: TicketFormField) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) => {
  const { t } = useTranslation();
  const problem = (part: string) => problems.get(`fields.${index}.${part}`);
  return (
    <Paper withBorder p="xs" role="group" aria-label={t('ticketing.forms.fieldN', { n: index + 1 })}>
      <Stack gap={6}>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={t('ticketing.forms.fieldLabel')}
            value={field.label}
            maxLength={TICKET_NAME_MAX}
            onChange={(event) => onChange({ ...field, label: event.currentTarget.value })}
            error={problem('label')}
            style={{ flex: 2 }}
          />
          <Select
            label={t('ticketing.forms.fieldKind')}
            data={ticketFormFieldKinds.map((kind) => ({
              value: kind,
              label: t(`ticketing.forms.kind.${kind}`),
            }))}
            value={field.kind}
            onChange={(kind) => kind && onChange({ ...field, kind: kind as TicketFormFieldKind })}
            allowDeselect={false}
            style={{ flex: 1 }}
          />
          <Group gap={2} mt={26} wrap="nowrap">
            <LabelledActionIcon
              label={t('ticketing.forms.moveUp')}
              disabled={index === 0}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={16} />
            </LabelledActionIcon>
            <LabelledActionIcon
              label={t('ticketing.forms.moveDown')}
              disabled={index === count - 1}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={16} />
            </LabelledActionIcon>
            <LabelledActionIcon label={t('ticketing.forms.removeField')} color="red" onClick={onRemove}>
              <IconTrash size={16} />
            </LabelledActionIcon>
          </Group>
        </Group>
        {field.kind === 'DROPDOWN' && (
          <TagsInput
            label={t('ticketing.forms.options')}
            value={field.options}
            onChange={(options) => onChange({ ...field, options })}
            error={problem('options')}
          />
        )}
        <Group justify="space-between">
          <Checkbox
            label={t('ticketing.forms.required')}
            checked={field.isRequired}
            onChange={(event) => onChange({ ...field, isRequired: event.currentTarget.checked })}
          />
          <Text size="xs" c={problem('key') ? 'red' : 'dimmed'}>
            {problem('key') ?? t('ticketing.forms.key', { key: field.key })}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
};
