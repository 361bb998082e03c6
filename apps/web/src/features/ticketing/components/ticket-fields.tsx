import { Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import {
  type Ticket,
  type TicketPriority,
  type TicketSeverity,
  type TicketType,
  ticketPriorities,
  ticketSeverities,
  ticketTypes,
} from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { TagEditor } from '../../../components/inputs/tag-editor.tsx';
import { useTicketSetup } from '../setup-lookup.ts';
import type { TicketDraft } from '../ticket-draft.ts';
import { fromLocalInput, toLocalInput } from '../time-input.ts';
import { TicketFormFields } from './ticket-form-fields.tsx';
import { TicketLinkFields } from './ticket-link-fields.tsx';
import { TicketPeopleFields } from './ticket-people-fields.tsx';

type Props = { ticket: Ticket; draft: TicketDraft; readOnly: boolean };

const idOptions = (items: { id: number; name: string }[]) =>
  items.map((item) => ({ value: String(item.id), label: item.name }));
const toId = (value: string | null) => (value === null ? null : Number(value));

/** Status, priority, severity, type with its subtype and item, team and impact. */
const Classification = ({ draft, readOnly }: Props) => {
  const { t } = useTranslation();
  const setup = useTicketSetup();
  const statusId = draft.valueOf('statusId');
  const type = draft.valueOf('type') as TicketType;
  const subtypeId = draft.valueOf('subtypeId') ?? null;
  const subtypes = setup
    .activeOf('subtypes')
    .filter((item) => item.parentKey === type || item.id === subtypeId);
  const items = setup
    .activeOf('items')
    .filter(
      (item) => (subtypeId !== null && item.parentId === subtypeId) || item.id === draft.valueOf('itemId'),
    );
  return (
    <>
      <Select
        label={t('ticketing.field.status')}
        data={setup.statusGroups(statusId)}
        value={statusId === undefined ? null : String(statusId)}
        onChange={(value) => value && draft.set('statusId', Number(value))}
        allowDeselect={false}
        disabled={readOnly}
      />
      <SimpleGrid cols={2} spacing="sm">
        <Select
          label={t('ticketing.field.priority')}
          data={setup.enumOptions('priorities', ticketPriorities, draft.valueOf('priority'))}
          value={draft.valueOf('priority') ?? null}
          onChange={(value) => value && draft.set('priority', value as TicketPriority)}
          allowDeselect={false}
          disabled={readOnly}
        />
        <Select
          label={t('ticketing.field.severity')}
          data={setup.enumOptions('severities', ticketSeverities, draft.valueOf('severity'))}
          value={draft.valueOf('severity') ?? null}
          onChange={(value) => value && draft.set('severity', value as TicketSeverity)}
          allowDeselect={false}
          disabled={readOnly}
        />
      </SimpleGrid>
      <Select
        label={t('ticketing.field.type')}
        data={setup.enumOptions('types', ticketTypes, type)}
        value={type}
        onChange={(value) =>
          value &&
          value !== type &&
          draft.change({ type: value as TicketType, subtypeId: null, itemId: null })
        }
        allowDeselect={false}
        disabled={readOnly}
      />
      {(subtypes.length > 0 || subtypeId !== null) && (
        <SimpleGrid cols={2} spacing="sm">
          <Select
            label={t('ticketing.field.subtype')}
            placeholder={t('ticketing.none')}
            data={idOptions(subtypes)}
            value={subtypeId === null ? null : String(subtypeId)}
            onChange={(value) => draft.change({ subtypeId: toId(value), itemId: null })}
            clearable
            disabled={readOnly}
          />
          <Select
            label={t('ticketing.field.item')}
            placeholder={t('ticketing.none')}
            data={idOptions(items)}
            value={draft.valueOf('itemId') == null ? null : String(draft.valueOf('itemId'))}
            onChange={(value) => draft.set('itemId', toId(value))}
            clearable
            disabled={readOnly || subtypeId === null}
          />
        </SimpleGrid>
      )}
      <SimpleGrid cols={2} spacing="sm">
        <Select
          label={t('ticketing.field.team')}
          placeholder={t('ticketing.none')}
          data={idOptions(setup.activeOf('teams'))}
          value={draft.valueOf('teamId') == null ? null : String(draft.valueOf('teamId'))}
          onChange={(value) => draft.set('teamId', toId(value))}
          clearable
          disabled={readOnly}
        />
        <Select
          label={t('ticketing.field.impact')}
          placeholder={t('ticketing.none')}
          data={idOptions(setup.activeOf('impacts'))}
          value={draft.valueOf('impactId') == null ? null : String(draft.valueOf('impactId'))}
          onChange={(value) => draft.set('impactId', toId(value))}
          clearable
          disabled={readOnly}
        />
      </SimpleGrid>
    </>
  );
};

/**
 * The ticket's fields, each changed in place; the changes are saved together (the page's Save) with the version
 * that was read.
 */
export const TicketFields = (props: Props) => {
  const { t } = useTranslation();
  const { draft, readOnly } = props;
  const followUp = draft.valueOf('followUpTime') ?? null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="ticket-fields-title">
      <Title order={3} size="h4" id="ticket-fields-title" mb="xs">
        {t('ticketing.ticket.fields')}
      </Title>
      <Stack gap="sm">
        <Classification {...props} />
        <TicketPeopleFields {...props} />
        <TagEditor
          label={t('ticketing.field.tags')}
          value={draft.valueOf('tags') ?? []}
          onChange={(tags) => draft.set('tags', tags)}
          disabled={readOnly}
        />
        <TextInput
          type="datetime-local"
          label={t('ticketing.field.followUpTime')}
          value={toLocalInput(followUp)}
          onChange={(event) => draft.set('followUpTime', fromLocalInput(event.currentTarget.value))}
          disabled={readOnly}
        />
        <TicketLinkFields {...props} />
        <TicketFormFields {...props} />
      </Stack>
    </Paper>
  );
};
