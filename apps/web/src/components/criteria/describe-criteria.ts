import { type CriteriaRule, findNodeRole, type SearchCriteria } from '@rmm/domain';
import type { TFunction } from 'i18next';
import { criteriaFields, needsValue, type ValueKind } from './criteria.ts';

/** Kinds whose values are codes with a label of their own. */
const labelKeys: Partial<Record<ValueKind, string>> = {
  status: 'devices.status',
  deviceClass: 'criteria.deviceClass',
  approvalStatus: 'approvals.status',
  healthStatus: 'criteria.health',
  platform: 'criteria.platform',
};

const describeValue = (rule: CriteriaRule, t: TFunction) => {
  const { kind } = criteriaFields[rule.field];
  const labelKey = labelKeys[kind];
  if (labelKey) return t(`${labelKey}.${rule.value}`, { defaultValue: String(rule.value) });
  // Roles are built in (GET /noderole/list answers the same list).
  if (kind === 'nodeRole' && typeof rule.value === 'number')
    return findNodeRole(rule.value)?.name ?? t('criteria.roleId', { id: rule.value });
  if (kind === 'boolean') return rule.value ? t('common.yes') : t('common.no');
  if (Array.isArray(rule.value)) return rule.value.join(', ');
  return String(rule.value);
};

/** "Status is Down and Needs reboot is Yes"; an empty list reads "Every device". */
export const describeCriteria = (criteria: SearchCriteria, t: TFunction): string => {
  if (criteria.rules.length === 0) return t('criteria.everyDevice');
  return criteria.rules
    .map((rule) =>
      [
        t(`criteria.field.${rule.field}`),
        t(`criteria.operator.${rule.operator}`),
        needsValue(rule.operator) ? describeValue(rule, t) : '',
      ]
        .filter(Boolean)
        .join(' '),
    )
    .join(criteria.match === 'all' ? t('criteria.and') : t('criteria.or'));
};
