import { Group, NumberInput, Select, SimpleGrid, Switch, TagsInput, Text } from '@mantine/core';
import {
  type AlertPriority,
  type AlertSeverity,
  alertPriorities,
  alertSeverities,
  INT32_MAX,
  MAX_RULESET_TAGS,
  type ResetTimeUnit,
  resetTimeUnits,
} from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import type { RulesetFormState } from '../ruleset-form.ts';
import { StatusSelect } from './rule-ref-fields.tsx';
import { RuleSection as Section } from './rule-section.tsx';

type Errors = Record<string, string>;
type Refs = RulesetFormState['trigger'] | RulesetFormState['reTrigger'];

/** The select value of null ("the condition's", "unchanged"): Mantine's Select wants a non-empty value. */
const EMPTY = 'NULL';
const fromSelect = <T extends string>(value: string | null): T | '' =>
  value === null || value === EMPTY ? '' : (value as T);

/** An id field that may be empty. */
const IdInput = ({
  label,
  description,
  value,
  error,
  onChange,
  withAsterisk,
}: {
  label: string;
  description?: string;
  value: number | '';
  error?: string;
  onChange: (value: number | '') => void;
  withAsterisk?: boolean;
}) => (
  <NumberInput
    label={label}
    description={description}
    withAsterisk={withAsterisk}
    allowDecimal={false}
    allowNegative={false}
    clampBehavior="none"
    max={INT32_MAX}
    value={value}
    error={error}
    onChange={(next) => onChange(typeof next === 'number' ? next : '')}
  />
);

/** Status, tags, priority and severity: shared by the trigger and the re-trigger; `emptyLabel` names null. */
const RefsFields = ({
  prefix,
  refs,
  errors,
  emptyLabel,
  statusEmptyLabel,
  onChange,
}: {
  prefix: 'conditionTriggerSettings' | 'conditionReTriggerSettings';
  refs: Refs;
  errors: Errors;
  emptyLabel: string;
  /** What an empty status means (the form's first, unchanged). */
  statusEmptyLabel: string;
  onChange: (change: Partial<Refs>) => void;
}) => {
  const { t } = useTranslation();
  const tagErrors = Object.entries(errors)
    .filter(([key]) => key.startsWith(`${prefix}.tags`))
    .map(([, message]) => message);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
        <StatusSelect
          label={t('ticketRulesets.trigger.status')}
          emptyLabel={statusEmptyLabel}
          value={refs.status}
          error={errors[`${prefix}.status`]}
          onChange={(status) => onChange({ status })}
        />
        <Select
          label={t('ticketRulesets.trigger.priority')}
          allowDeselect={false}
          data={[
            { value: EMPTY, label: emptyLabel },
            ...alertPriorities.map((p) => ({ value: p, label: t(`ticketRulesets.priority.${p}`) })),
          ]}
          value={refs.priority || EMPTY}
          onChange={(next) => onChange({ priority: fromSelect<AlertPriority>(next) })}
        />
        <Select
          label={t('ticketRulesets.trigger.severity')}
          allowDeselect={false}
          data={[
            { value: EMPTY, label: emptyLabel },
            ...alertSeverities.map((s) => ({ value: s, label: t(`ticketRulesets.severity.${s}`) })),
          ]}
          value={refs.severity || EMPTY}
          onChange={(next) => onChange({ severity: fromSelect<AlertSeverity>(next) })}
        />
      </SimpleGrid>
      <TagsInput
        label={t('ticketRulesets.trigger.tags')}
        placeholder={t('ticketRulesets.trigger.tagsPlaceholder')}
        maxTags={MAX_RULESET_TAGS}
        splitChars={[',', ' ']}
        acceptValueOnBlur
        clearable
        value={refs.tags}
        error={tagErrors[0]}
        onChange={(tags) => onChange({ tags: tags.map((tag) => tag.trim()).filter(Boolean) })}
      />
    </>
  );
};

/** A condition ruleset's three settings: trigger, reset and re-trigger. */
export const RulesetSettingsFields = ({
  state,
  errors,
  onChange,
}: {
  state: RulesetFormState;
  errors: Errors;
  onChange: (change: Partial<RulesetFormState>) => void;
}) => {
  const { t } = useTranslation();
  const { trigger, reset, reTrigger } = state;
  return (
    <>
      <Section title={t('ticketRulesets.trigger.title')}>
        <IdInput
          label={t('ticketRulesets.trigger.ticketFormId')}
          description={t('ticketRulesets.trigger.ticketFormIdHint')}
          value={trigger.ticketFormId}
          error={errors['conditionTriggerSettings.ticketFormId']}
          onChange={(ticketFormId) => onChange({ trigger: { ...trigger, ticketFormId } })}
        />
        <RefsFields
          prefix="conditionTriggerSettings"
          refs={trigger}
          errors={errors}
          emptyLabel={t('ticketRulesets.trigger.fromCondition')}
          statusEmptyLabel={t('ticketRulesets.trigger.statusFirst')}
          onChange={(change) => onChange({ trigger: { ...trigger, ...change } })}
        />
        <Switch
          label={t('ticketRulesets.trigger.useOwnerAsRequester')}
          checked={trigger.useOwnerAsRequester}
          onChange={(event) =>
            onChange({ trigger: { ...trigger, useOwnerAsRequester: event.currentTarget.checked } })
          }
        />
      </Section>
      <Section title={t('ticketRulesets.reset.title')}>
        <Switch
          label={t('ticketRulesets.reset.enabled')}
          checked={state.hasReset}
          onChange={(event) => onChange({ hasReset: event.currentTarget.checked })}
        />
        {state.hasReset && (
          <Group gap="md" align="flex-start" grow>
            <StatusSelect
              label={t('ticketRulesets.reset.status')}
              withAsterisk
              value={reset.status}
              error={errors['conditionResetSettings.status']}
              onChange={(status) => onChange({ reset: { ...reset, status } })}
            />
            <NumberInput
              label={t('ticketRulesets.reset.after')}
              withAsterisk
              allowDecimal={false}
              clampBehavior="none"
              value={reset.value}
              error={errors['conditionResetSettings.time.value']}
              onChange={(next) =>
                onChange({ reset: { ...reset, value: typeof next === 'number' ? next : '' } })
              }
            />
            <Select
              label={t('ticketRulesets.reset.unit')}
              allowDeselect={false}
              data={resetTimeUnits.map((unit) => ({ value: unit, label: t(`ticketRulesets.unit.${unit}`) }))}
              value={reset.unit}
              onChange={(next) => next && onChange({ reset: { ...reset, unit: next as ResetTimeUnit } })}
            />
          </Group>
        )}
      </Section>
      <Section title={t('ticketRulesets.reTrigger.title')}>
        <Switch
          label={t('ticketRulesets.reTrigger.createNewTicket')}
          checked={reTrigger.createNewTicket}
          onChange={(event) =>
            onChange({ reTrigger: { ...reTrigger, createNewTicket: event.currentTarget.checked } })
          }
        />
        {!reTrigger.createNewTicket && (
          <>
            <Text size="sm" c="dimmed">
              {t('ticketRulesets.reTrigger.updateHint')}
            </Text>
            <RefsFields
              prefix="conditionReTriggerSettings"
              refs={reTrigger}
              errors={errors}
              emptyLabel={t('ticketRulesets.reTrigger.unchanged')}
              statusEmptyLabel={t('ticketRulesets.reTrigger.unchanged')}
              onChange={(change) => onChange({ reTrigger: { ...reTrigger, ...change } })}
            />
          </>
        )}
      </Section>
    </>
  );
};
