import { Group, Select, Text } from '@mantine/core';
import { type BoardRule, boardFieldKinds, boardFields, boardOperatorsByKind } from '@rmm/domain';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LabelledActionIcon } from '../../../components/labelled-action-icon.tsx';
import { BoardRuleValue, isNullCheck } from './board-rule-value.tsx';

/** A rule of a new field starts with the field's first operator and no value. */
export const ruleFor = (field: BoardRule['field']): BoardRule => ({
  field,
  operator: boardOperatorsByKind[boardFieldKinds[field]][0]!,
  value: null,
});

/** One rule of a board: field, operator (those the field's kind allows) and value. */
export const RuleRow = ({
  rule,
  index,
  error,
  onChange,
  onRemove,
}: {
  rule: BoardRule;
  index: number;
  error?: string;
  onChange: (rule: BoardRule) => void;
  onRemove: () => void;
}) => {
  const { t } = useTranslation();
  const operators = boardOperatorsByKind[boardFieldKinds[rule.field]];
  return (
    <Group
      align="flex-start"
      gap="xs"
      wrap="nowrap"
      role="group"
      aria-label={t('ticketing.boardDialog.rule', { n: index + 1 })}
    >
      <Select
        aria-label={t('ticketing.boardDialog.field')}
        data={boardFields.map((field) => ({ value: field, label: t(`ticketing.boardField.${field}`) }))}
        value={rule.field}
        onChange={(field) => field && onChange(ruleFor(field as BoardRule['field']))}
        allowDeselect={false}
        searchable
        w={190}
      />
      <Select
        aria-label={t('ticketing.boardDialog.operator')}
        data={operators.map((operator) => ({ value: operator, label: t(`ticketing.operator.${operator}`) }))}
        value={rule.operator}
        onChange={(operator) =>
          operator && onChange({ ...rule, operator: operator as BoardRule['operator'], value: null })
        }
        allowDeselect={false}
        w={190}
      />
      {isNullCheck(rule.operator) ? (
        <Text size="sm" c={error ? 'red' : 'dimmed'} style={{ flex: 1 }} pt={6}>
          {error ?? ''}
        </Text>
      ) : (
        <BoardRuleValue rule={rule} onChange={(value) => onChange({ ...rule, value })} error={error} />
      )}
      <LabelledActionIcon label={t('ticketing.boardDialog.removeRule')} color="red" onClick={onRemove} mt={4}>
        <IconTrash size={16} />
      </LabelledActionIcon>
    </Group>
  );
};
