import { Checkbox, Group, Loader, MultiSelect, TagsInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type ActivityOutcome,
  type JobResult,
  jobResults,
  MAX_RULE_ACTIONS,
  MAX_RULE_SCRIPTS,
  suggestedRuleActions,
} from '@rmm/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRunnableScriptsQuery } from '../../../lib/library-scripts.ts';
import type { RuleSettingsState } from '../rule-settings-form.ts';
import { type Errors, errorAt, RuleTicketFields } from './rule-ref-fields.tsx';
import { RuleSection } from './rule-section.tsx';

/** The rules that create tickets: a finished library script (SCRIPT_RULE), an activity (ACTIVITY_RULE). */

type Props<K extends 'script' | 'activity'> = {
  value: RuleSettingsState[K];
  errors: Errors;
  onChange: (value: RuleSettingsState[K]) => void;
};

/**
 * The library scripts, searched on the server; the chosen ones keep their names whatever the search lists
 * (a script not seen in any list yet shows as `#id`).
 */
const ScriptsPicker = ({
  value,
  error,
  onChange,
}: {
  value: number[];
  error?: string;
  onChange: (ids: number[]) => void;
}) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const scripts = useRunnableScriptsQuery({ search: debouncedSearch.trim() || undefined });
  const names = useRef(new Map<number, string>());
  for (const script of scripts.data?.data ?? []) names.current.set(script.id, script.name);
  const listed = (scripts.data?.data ?? []).map((script) => script.id);
  const ids = [...new Set([...value, ...listed])];
  return (
    <MultiSelect
      label={t('ticketRulesets.script.scripts')}
      description={t('ticketRulesets.script.scriptsHint')}
      placeholder={value.length === 0 ? t('ticketRulesets.script.anyScript') : undefined}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      maxValues={MAX_RULE_SCRIPTS}
      data={ids.map((id) => ({ value: String(id), label: names.current.get(id) ?? `#${id}` }))}
      value={value.map(String)}
      error={error ?? scripts.error?.message}
      nothingFoundMessage={scripts.isPending ? t('app.loading') : t('ticketRulesets.script.noScripts')}
      rightSection={scripts.isFetching ? <Loader size="xs" /> : undefined}
      onChange={(next) => onChange(next.map(Number))}
    />
  );
};

/** Checkboxes of an enum's values, labelled from `labelKey.<value>`. */
const ChoiceGroup = <T extends string>({
  label,
  description,
  options,
  labelKey,
  value,
  error,
  onChange,
}: {
  label: string;
  description?: string;
  options: readonly T[];
  labelKey: string;
  value: T[];
  error?: string;
  onChange: (value: T[]) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={label}
      description={description}
      value={value}
      error={error}
      onChange={(next) => onChange(options.filter((option) => next.includes(option)))}
    >
      <Group mt="xs">
        {options.map((option) => (
          <Checkbox key={option} value={option} label={t(`${labelKey}.${option}`)} />
        ))}
      </Group>
    </Checkbox.Group>
  );
};

export const ScriptRuleFields = ({ value, errors, onChange }: Props<'script'>) => {
  const { t } = useTranslation();
  return (
    <>
      <RuleSection title={t('ticketRulesets.script.title')}>
        <ScriptsPicker
          value={value.scriptIds}
          error={errorAt(errors, 'scriptRuleSettings.scriptIds')}
          onChange={(scriptIds) => onChange({ ...value, scriptIds })}
        />
        <ChoiceGroup<JobResult>
          label={t('ticketRulesets.script.results')}
          options={jobResults}
          labelKey="ticketRulesets.result"
          value={value.results}
          error={errorAt(errors, 'scriptRuleSettings.results')}
          onChange={(results) => onChange({ ...value, results })}
        />
      </RuleSection>
      <RuleSection title={t('ticketRulesets.rule.ticketTitle')}>
        <RuleTicketFields
          prefix="scriptRuleSettings.ticket"
          ticket={value.ticket}
          errors={errors}
          onChange={(ticket) => onChange({ ...value, ticket })}
        />
      </RuleSection>
    </>
  );
};

export const ActivityRuleFields = ({ value, errors, onChange }: Props<'activity'>) => {
  const { t } = useTranslation();
  return (
    <>
      <RuleSection title={t('ticketRulesets.activity.title')}>
        <TagsInput
          label={t('ticketRulesets.activity.actions')}
          description={t('ticketRulesets.activity.actionsHint')}
          withAsterisk
          data={[...suggestedRuleActions]}
          maxTags={MAX_RULE_ACTIONS}
          splitChars={[',', ' ']}
          acceptValueOnBlur
          clearable
          value={value.actions}
          error={errorAt(errors, 'activityRuleSettings.actions')}
          onChange={(actions) =>
            onChange({ ...value, actions: actions.map((action) => action.trim()).filter(Boolean) })
          }
        />
        <ChoiceGroup<ActivityOutcome>
          label={t('ticketRulesets.activity.outcomes')}
          description={t('ticketRulesets.activity.outcomesHint')}
          options={['SUCCESS', 'FAILURE']}
          labelKey="ticketRulesets.result"
          value={value.outcomes}
          error={errorAt(errors, 'activityRuleSettings.outcomes')}
          onChange={(outcomes) => onChange({ ...value, outcomes })}
        />
      </RuleSection>
      <RuleSection title={t('ticketRulesets.rule.ticketTitle')}>
        <RuleTicketFields
          prefix="activityRuleSettings.ticket"
          ticket={value.ticket}
          errors={errors}
          onChange={(ticket) => onChange({ ...value, ticket })}
        />
      </RuleSection>
    </>
  );
};
