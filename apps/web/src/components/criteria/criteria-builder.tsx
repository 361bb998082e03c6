import { ActionIcon, Button, Group, SegmentedControl, Select, Stack, Text, Tooltip } from '@mantine/core';
import {
  type CriteriaRule,
  type DeviceSearchField,
  deviceSearchFields,
  type SearchCriteria,
  type SearchOperator,
} from '@rmm/domain';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { needsValue, newRule, operatorsFor, withOperator } from './criteria.ts';
import { RuleValueInput } from './rule-value-input.tsx';

const RuleRow = ({
  rule,
  n,
  onChange,
  onRemove,
}: {
  rule: CriteriaRule;
  n: number;
  onChange: (rule: CriteriaRule) => void;
  onRemove: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap" align="flex-start" role="group" aria-label={t('criteria.rule', { n })}>
      <Select
        aria-label={t('criteria.ruleField', { n })}
        size="sm"
        w={210}
        allowDeselect={false}
        data={deviceSearchFields.map((field) => ({ value: field, label: t(`criteria.field.${field}`) }))}
        value={rule.field}
        onChange={(value) => value && onChange(newRule(value as DeviceSearchField))}
      />
      <Select
        aria-label={t('criteria.ruleOperator', { n })}
        size="sm"
        w={160}
        allowDeselect={false}
        data={operatorsFor(rule).map((op) => ({ value: op, label: t(`criteria.operator.${op}`) }))}
        value={rule.operator}
        onChange={(value) => value && onChange(withOperator(rule, value as SearchOperator))}
      />
      {needsValue(rule.operator) && (
        <RuleValueInput
          rule={rule}
          label={t('criteria.ruleValue', { n })}
          onChange={(value) => onChange({ ...rule, value })}
        />
      )}
      <Tooltip label={t('criteria.removeRule', { n })}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={36}
          aria-label={t('criteria.removeRule', { n })}
          onClick={onRemove}
        >
          <IconX size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
};

/** Conditions of field, operator and value, matched all together or any one of them. */
export const CriteriaBuilder = ({
  value,
  onChange,
}: {
  value: SearchCriteria;
  onChange: (criteria: SearchCriteria) => void;
}) => {
  const { t } = useTranslation();
  const matchLabelId = useId();
  const setRules = (rules: CriteriaRule[]) => onChange({ ...value, rules });
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Text size="sm" fw={500} id={matchLabelId}>
          {t('criteria.match')}
        </Text>
        <SegmentedControl
          aria-labelledby={matchLabelId}
          size="xs"
          value={value.match}
          onChange={(match) => onChange({ ...value, match: match as SearchCriteria['match'] })}
          data={[
            { value: 'all', label: t('criteria.match.all') },
            { value: 'any', label: t('criteria.match.any') },
          ]}
        />
      </Group>
      {value.rules.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('criteria.noRules')}
        </Text>
      )}
      {value.rules.map((rule, index) => (
        <RuleRow
          // Rules have no identity of their own; a row is its position.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          key={index}
          rule={rule}
          n={index + 1}
          onChange={(next) => setRules(value.rules.map((r, i) => (i === index ? next : r)))}
          onRemove={() => setRules(value.rules.filter((_, i) => i !== index))}
        />
      ))}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() => setRules([...value.rules, newRule()])}
        >
          {t('criteria.addRule')}
        </Button>
      </Group>
    </Stack>
  );
};
