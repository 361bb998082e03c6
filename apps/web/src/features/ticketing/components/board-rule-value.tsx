import { MultiSelect, NumberInput, Select, TextInput } from '@mantine/core';
import {
  BOARD_CURRENT_USER,
  type BoardField,
  type BoardOperator,
  type BoardRule,
  boardFieldKinds,
  ticketPriorities,
  ticketSeverities,
  ticketSources,
  ticketStatusCategories,
  ticketTypes,
} from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { useMeQuery } from '../../../app/session/queries.ts';
import { useOrganizationsQuery } from '../../../lib/organizations.ts';
import { useTechniciansQuery, useTicketFormsQuery } from '../queries.ts';
import { useTicketSetup } from '../setup-lookup.ts';
import { fromLocalInput, toLocalInput } from '../time-input.ts';

type Option = { value: string; label: string };
type Value = BoardRule['value'];

const isList = (operator: BoardOperator) => operator === 'IN' || operator === 'NOT_IN';
export const isNullCheck = (operator: BoardOperator) =>
  operator === 'IS_EMPTY' || operator === 'IS_NOT_EMPTY';
const isHours = (operator: BoardOperator) =>
  operator === 'WITHIN_LAST_HOURS' || operator === 'OLDER_THAN_HOURS';

/** The choices of a field with known values (enums and the ids the console can name), else null. */
const useChoices = (field: BoardField): Option[] | null => {
  const { t } = useTranslation();
  const setup = useTicketSetup();
  const forms = useTicketFormsQuery();
  const technicians = useTechniciansQuery();
  const me = useMeQuery().data?.user;
  const organizations = useOrganizationsQuery({ page: 1, pageSize: 500, sort: 'name' });
  switch (field) {
    case 'statusCategory':
      return ticketStatusCategories.map((value) => ({ value, label: t(`ticketing.category.${value}`) }));
    case 'type':
      return setup.enumOptions('types', ticketTypes);
    case 'source':
      return setup.enumOptions('sources', ticketSources);
    case 'priority':
      return setup.enumOptions('priorities', ticketPriorities);
    case 'severity':
      return setup.enumOptions('severities', ticketSeverities);
    case 'statusId':
      return setup.itemsOf('statuses').map((item) => ({ value: String(item.id), label: item.name }));
    case 'teamId':
      return setup.itemsOf('teams').map((item) => ({ value: String(item.id), label: item.name }));
    case 'formId':
      return (forms.data ?? []).map((form) => ({ value: String(form.id), label: form.name }));
    case 'organizationId':
      return (organizations.data?.data ?? []).map((o) => ({ value: String(o.id), label: o.name }));
    case 'assigneeId': {
      const people = technicians.data ?? (me ? [me] : []);
      return [
        { value: BOARD_CURRENT_USER, label: t('ticketing.boardDialog.currentUser') },
        ...people.map((user) => ({ value: String(user.id), label: user.name || user.email })),
      ];
    }
    default:
      return null;
  }
};

/** A chosen option's value as the rule stores it: ids are numbers, enum values and CURRENT_USER strings. */
const toRuleValue = (field: BoardField, value: string): string | number =>
  boardFieldKinds[field] === 'id' && value !== BOARD_CURRENT_USER ? Number(value) : value;

/** The value input a rule's field and operator call for (none for IS_EMPTY and IS_NOT_EMPTY). */
export const BoardRuleValue = ({
  rule,
  onChange,
  error,
}: {
  rule: BoardRule;
  onChange: (value: Value) => void;
  error?: string;
}) => {
  const { t } = useTranslation();
  const choices = useChoices(rule.field);
  const label = t('ticketing.boardDialog.value');
  const kind = boardFieldKinds[rule.field];
  if (isNullCheck(rule.operator)) return null;
  if (choices && isList(rule.operator))
    return (
      <MultiSelect
        aria-label={label}
        data={choices}
        searchable
        value={Array.isArray(rule.value) ? rule.value.map(String) : []}
        onChange={(values) => onChange(values.map((value) => toRuleValue(rule.field, value)))}
        error={error}
        style={{ flex: 1 }}
      />
    );
  if (choices)
    return (
      <Select
        aria-label={label}
        data={choices}
        searchable
        value={rule.value === null || Array.isArray(rule.value) ? null : String(rule.value)}
        onChange={(value) => onChange(value === null ? null : toRuleValue(rule.field, value))}
        error={error}
        style={{ flex: 1 }}
      />
    );
  if (kind === 'number' || kind === 'id' || isHours(rule.operator))
    return (
      <NumberInput
        aria-label={isHours(rule.operator) ? t('ticketing.boardDialog.hours') : label}
        placeholder={isHours(rule.operator) ? t('ticketing.boardDialog.hours') : undefined}
        min={0}
        allowDecimal={kind === 'number'}
        value={typeof rule.value === 'number' ? rule.value : ''}
        onChange={(value) => onChange(typeof value === 'number' ? value : null)}
        error={error}
        style={{ flex: 1 }}
      />
    );
  if (kind === 'time')
    return (
      <TextInput
        type="datetime-local"
        aria-label={label}
        value={typeof rule.value === 'string' ? toLocalInput(rule.value) : ''}
        onChange={(event) => onChange(fromLocalInput(event.currentTarget.value))}
        error={error}
        style={{ flex: 1 }}
      />
    );
  return (
    <TextInput
      aria-label={label}
      value={typeof rule.value === 'string' ? rule.value : ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      error={error}
      style={{ flex: 1 }}
    />
  );
};
