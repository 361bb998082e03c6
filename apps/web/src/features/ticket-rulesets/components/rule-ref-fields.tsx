import { MultiSelect, NumberInput, Select, SimpleGrid, TagsInput, Text } from '@mantine/core';
import {
  type AlertPriority,
  type AlertSeverity,
  alertPriorities,
  alertSeverities,
  INT32_MAX,
  MAX_RULESET_TAGS,
} from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { useTechniciansQuery, useTicketStatusesQuery } from '../../../lib/ticket-rulesets.ts';
import type { RuleChangesState, RuleTicketState } from '../rule-settings-form.ts';

/**
 * The fields the script, activity, event and time rules share: statuses by name, the technician to assign,
 * priority, severity, tags, and the two groups built of them (the ticket a rule creates, what a rule sets).
 * Errors are the domain's, keyed by the input's dotted path.
 */

export type Errors = Record<string, string>;

/** The first message at `key` or below it (`…tags` also shows `…tags.3`). */
export const errorAt = (errors: Errors, key: string) =>
  Object.entries(errors).find(([path]) => path === key || path.startsWith(`${key}.`))?.[1];

/** The select value of '' ("New", "unchanged"): Mantine's Select wants a non-empty value. */
const EMPTY = 'NULL';
const fromSelect = <T extends string>(value: string | null): T | '' =>
  value === null || value === EMPTY ? '' : (value as T);

/** The ticket statuses as options, by name; an id the list lacks (deleted, not read yet) as `#id`. */
const useStatusOptions = (ids: readonly number[]) => {
  const statuses = useTicketStatusesQuery();
  const listed = (statuses.data ?? []).map((status) => ({ value: String(status.id), label: status.name }));
  const missing = ids.filter((id) => !listed.some((option) => option.value === String(id)));
  return {
    options: [...listed, ...missing.map((id) => ({ value: String(id), label: `#${id}` }))],
    error: statuses.error?.message,
  };
};

export const StatusSelect = ({
  label,
  value,
  emptyLabel,
  error,
  withAsterisk,
  onChange,
}: {
  label: string;
  value: number | '';
  /** The choice of '' (New, unchanged); without it a status must be chosen. */
  emptyLabel?: string;
  error?: string;
  withAsterisk?: boolean;
  onChange: (value: number | '') => void;
}) => {
  const { options, error: loadError } = useStatusOptions(value === '' ? [] : [value]);
  return (
    <Select
      label={label}
      withAsterisk={withAsterisk}
      allowDeselect={false}
      searchable
      placeholder={emptyLabel ? undefined : label}
      data={emptyLabel ? [{ value: EMPTY, label: emptyLabel }, ...options] : options}
      value={value === '' ? (emptyLabel ? EMPTY : null) : String(value)}
      error={error ?? loadError}
      onChange={(next) => onChange(next === null || next === EMPTY ? '' : Number(next))}
    />
  );
};

export const StatusMultiSelect = ({
  label,
  description,
  value,
  error,
  onChange,
}: {
  label: string;
  description?: string;
  value: number[];
  error?: string;
  onChange: (value: number[]) => void;
}) => {
  const { options, error: loadError } = useStatusOptions(value);
  return (
    <MultiSelect
      label={label}
      description={description}
      searchable
      data={options}
      value={value.map(String)}
      error={error ?? loadError}
      onChange={(next) => onChange(next.map(Number))}
    />
  );
};

/** Priority and severity selects whose empty choice is `emptyLabel`. */
const PrioritySeverity = ({
  value,
  emptyLabel,
  onChange,
}: {
  value: { priority: AlertPriority | ''; severity: AlertSeverity | '' };
  emptyLabel: string;
  onChange: (change: { priority?: AlertPriority | ''; severity?: AlertSeverity | '' }) => void;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <Select
        label={t('ticketRulesets.trigger.priority')}
        allowDeselect={false}
        data={[
          { value: EMPTY, label: emptyLabel },
          ...alertPriorities.map((p) => ({ value: p, label: t(`ticketRulesets.priority.${p}`) })),
        ]}
        value={value.priority || EMPTY}
        onChange={(next) => onChange({ priority: fromSelect<AlertPriority>(next) })}
      />
      <Select
        label={t('ticketRulesets.trigger.severity')}
        allowDeselect={false}
        data={[
          { value: EMPTY, label: emptyLabel },
          ...alertSeverities.map((s) => ({ value: s, label: t(`ticketRulesets.severity.${s}`) })),
        ]}
        value={value.severity || EMPTY}
        onChange={(next) => onChange({ severity: fromSelect<AlertSeverity>(next) })}
      />
    </>
  );
};

const TagsField = ({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string[];
  error?: string;
  onChange: (tags: string[]) => void;
}) => {
  const { t } = useTranslation();
  return (
    <TagsInput
      label={label}
      placeholder={t('ticketRulesets.trigger.tagsPlaceholder')}
      maxTags={MAX_RULESET_TAGS}
      splitChars={[',', ' ']}
      acceptValueOnBlur
      clearable
      value={value}
      error={error}
      onChange={(tags) => onChange(tags.map((tag) => tag.trim()).filter(Boolean))}
    />
  );
};

/** The ticket a script or activity rule creates; `prefix` is its path in the input (`scriptRuleSettings.ticket`). */
export const RuleTicketFields = ({
  prefix,
  ticket,
  errors,
  onChange,
}: {
  prefix: string;
  ticket: RuleTicketState;
  errors: Errors;
  onChange: (ticket: RuleTicketState) => void;
}) => {
  const { t } = useTranslation();
  const set = (change: Partial<RuleTicketState>) => onChange({ ...ticket, ...change });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <NumberInput
          label={t('ticketRulesets.trigger.ticketFormId')}
          description={t('ticketRulesets.rule.ticketFormIdHint')}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          max={INT32_MAX}
          value={ticket.ticketFormId}
          error={errorAt(errors, `${prefix}.ticketFormId`)}
          onChange={(next) => set({ ticketFormId: typeof next === 'number' ? next : '' })}
        />
        <StatusSelect
          label={t('ticketRulesets.rule.status')}
          emptyLabel={t('ticketRulesets.rule.statusNew')}
          value={ticket.status}
          error={errorAt(errors, `${prefix}.status`)}
          onChange={(status) => set({ status })}
        />
        <PrioritySeverity value={ticket} emptyLabel={t('ticketRulesets.priority.NONE')} onChange={set} />
      </SimpleGrid>
      <TagsField
        label={t('ticketRulesets.trigger.tags')}
        value={ticket.tags}
        error={errorAt(errors, `${prefix}.tags`)}
        onChange={(tags) => set({ tags })}
      />
    </>
  );
};

/** The technicians to assign (for those who may list users); an id the list lacks as `#id`. */
const AssigneeSelect = ({ value, onChange }: { value: number | ''; onChange: (id: number | '') => void }) => {
  const { t } = useTranslation();
  const technicians = useTechniciansQuery(useHasPermission('users.view'));
  const options = (technicians.data ?? [])
    .filter((user) => user.isEnabled)
    .map((user) => ({ value: String(user.id), label: user.name || user.email }));
  if (value !== '' && !options.some((option) => option.value === String(value)))
    options.push({ value: String(value), label: `#${value}` });
  return (
    <Select
      label={t('ticketRulesets.rule.assignee')}
      searchable
      clearable
      placeholder={t('ticketRulesets.reTrigger.unchanged')}
      data={options}
      value={value === '' ? null : String(value)}
      error={technicians.error?.message}
      onChange={(next) => onChange(next === null ? '' : Number(next))}
    />
  );
};

/** What an event or time rule sets; `prefix` is its path in the input (`timeRuleSettings.set`). */
export const RuleChangesFields = ({
  prefix,
  set: changes,
  errors,
  onChange,
}: {
  prefix: string;
  set: RuleChangesState;
  errors: Errors;
  onChange: (set: RuleChangesState) => void;
}) => {
  const { t } = useTranslation();
  const set = (change: Partial<RuleChangesState>) => onChange({ ...changes, ...change });
  const unchanged = t('ticketRulesets.reTrigger.unchanged');
  // The schema's "Choose at least one field to set." is about the whole group.
  const whole = errors[prefix];
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <StatusSelect
          label={t('ticketRulesets.rule.status')}
          emptyLabel={unchanged}
          value={changes.status}
          error={errorAt(errors, `${prefix}.status`)}
          onChange={(status) => set({ status })}
        />
        <AssigneeSelect value={changes.assigneeId} onChange={(assigneeId) => set({ assigneeId })} />
        <PrioritySeverity value={changes} emptyLabel={unchanged} onChange={set} />
      </SimpleGrid>
      <TagsField
        label={t('ticketRulesets.rule.addTags')}
        value={changes.tags}
        error={errorAt(errors, `${prefix}.tags`)}
        onChange={(tags) => set({ tags })}
      />
      {whole && (
        <Text size="sm" c="red" role="alert">
          {whole}
        </Text>
      )}
    </>
  );
};
