import { MultiSelect, NumberInput, SimpleGrid } from '@mantine/core';
import { type AlertPriority, alertPriorities, MAX_TIME_RULE_MINUTES } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import type { RuleSettingsState } from '../rule-settings-form.ts';
import {
  type Errors,
  errorAt,
  RuleChangesFields,
  StatusMultiSelect,
  StatusSelect,
} from './rule-ref-fields.tsx';
import { RuleSection } from './rule-section.tsx';

/** The rules that change tickets: on entering a status or priority (EVENT_BASED), after a time in a status (TIME_BASED). */

type Props<K extends 'event' | 'time'> = {
  value: RuleSettingsState[K];
  errors: Errors;
  onChange: (value: RuleSettingsState[K]) => void;
};

export const EventRuleFields = ({ value, errors, onChange }: Props<'event'>) => {
  const { t } = useTranslation();
  return (
    <>
      <RuleSection title={t('ticketRulesets.event.title')}>
        <StatusMultiSelect
          label={t('ticketRulesets.event.statuses')}
          description={t('ticketRulesets.event.hint')}
          value={value.statusIds}
          error={errorAt(errors, 'eventRuleSettings.statusIds')}
          onChange={(statusIds) => onChange({ ...value, statusIds })}
        />
        <MultiSelect
          label={t('ticketRulesets.event.priorities')}
          data={alertPriorities.map((p) => ({ value: p, label: t(`ticketRulesets.priority.${p}`) }))}
          value={value.priorities}
          error={errorAt(errors, 'eventRuleSettings.priorities')}
          onChange={(next) =>
            onChange({
              ...value,
              priorities: alertPriorities.filter((p) => next.includes(p)) as AlertPriority[],
            })
          }
        />
      </RuleSection>
      <RuleSection title={t('ticketRulesets.rule.setTitle')}>
        <RuleChangesFields
          prefix="eventRuleSettings.set"
          set={value.set}
          errors={errors}
          onChange={(set) => onChange({ ...value, set })}
        />
      </RuleSection>
    </>
  );
};

export const TimeRuleFields = ({ value, errors, onChange }: Props<'time'>) => {
  const { t } = useTranslation();
  return (
    <>
      <RuleSection title={t('ticketRulesets.time.title')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <StatusSelect
            label={t('ticketRulesets.time.status')}
            withAsterisk
            value={value.statusId}
            error={errorAt(errors, 'timeRuleSettings.statusId')}
            onChange={(statusId) => onChange({ ...value, statusId })}
          />
          <NumberInput
            label={t('ticketRulesets.time.afterMinutes')}
            description={t('ticketRulesets.time.afterMinutesHint')}
            withAsterisk
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            max={MAX_TIME_RULE_MINUTES}
            value={value.afterMinutes}
            error={errorAt(errors, 'timeRuleSettings.afterMinutes')}
            onChange={(next) => onChange({ ...value, afterMinutes: typeof next === 'number' ? next : '' })}
          />
        </SimpleGrid>
      </RuleSection>
      <RuleSection title={t('ticketRulesets.rule.setTitle')}>
        <RuleChangesFields
          prefix="timeRuleSettings.set"
          set={value.set}
          errors={errors}
          onChange={(set) => onChange({ ...value, set })}
        />
      </RuleSection>
    </>
  );
};
