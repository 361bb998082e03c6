import { type ComboboxData, NumberInput, Select, TextInput, VisuallyHidden } from '@mantine/core';
import {
  agentPlatforms,
  approvalStatuses,
  type CriteriaRule,
  type CriteriaValue,
  deviceStatuses,
  healthStatuses,
  type NodeRole,
} from '@rmm/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useTagNamesQuery } from '../../lib/device-tags.ts';
import { useNodeRolesQuery } from '../../lib/node-roles.ts';
import { TagEditor } from '../inputs/tag-editor.tsx';
import { criteriaFields, deviceClassOptions, isRuleComplete } from './criteria.ts';

/** Roles grouped by the dashboard that shows them; a stored id no longer listed stays selectable. */
const roleOptions = (roles: readonly NodeRole[], current: CriteriaValue, t: TFunction): ComboboxData => {
  const dashboards = [...new Set(roles.map((role) => role.dashboard))];
  const groups = dashboards.map((dashboard) => ({
    group: t(`devices.roleGroup.${dashboard}`),
    items: roles
      .filter((role) => role.dashboard === dashboard)
      .map((role) => ({ value: String(role.id), label: role.name })),
  }));
  const isListed = roles.some((role) => role.id === current);
  return typeof current === 'number' && !isListed
    ? [...groups, { value: String(current), label: t('criteria.roleId', { id: current }) }]
    : groups;
};

/** A role from GET /noderole/list (only queried once a condition needs it). */
const RoleSelect = ({
  value,
  label,
  error,
  onChange,
}: {
  value: CriteriaValue;
  label: string;
  error: string | undefined;
  onChange: (value: CriteriaValue) => void;
}) => {
  const { t } = useTranslation();
  const roles = useNodeRolesQuery();
  return (
    <Select
      aria-label={label}
      size="sm"
      w={240}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('common.noResults')}
      placeholder={roles.isPending ? t('app.loading') : t('criteria.pickRole')}
      data={roleOptions(roles.data ?? [], value, t)}
      value={typeof value === 'number' ? String(value) : null}
      onChange={(text) => text !== null && onChange(Number(text))}
      error={error ?? roles.error?.message}
    />
  );
};

/** Tag names, with the MSP's tags as suggestions (only queried once a condition needs them). */
const TagNamesInput = ({
  value,
  label,
  error,
  onChange,
}: {
  value: CriteriaValue;
  label: string;
  error: string | undefined;
  onChange: (value: CriteriaValue) => void;
}) => {
  const { t } = useTranslation();
  const names = useTagNamesQuery();
  return (
    <TagEditor
      label={<VisuallyHidden>{label}</VisuallyHidden>}
      size="sm"
      w={280}
      placeholder={t('criteria.tags.placeholder')}
      data={names.data ?? []}
      value={Array.isArray(value) ? value : []}
      onChange={onChange}
      error={error}
    />
  );
};

/** The value of one condition, entered the way its field needs: a list, a number, yes/no or text. */
export const RuleValueInput = ({
  rule,
  label,
  onChange,
}: {
  rule: CriteriaRule;
  label: string;
  onChange: (value: CriteriaValue) => void;
}) => {
  const { t } = useTranslation();
  const kind = criteriaFields[rule.field].kind;
  const error = isRuleComplete(rule) ? undefined : t('criteria.valueRequired');
  const common = { 'aria-label': label, error, size: 'sm', w: 200 } as const;
  const textValue = typeof rule.value === 'string' ? rule.value : null;
  const pick = (data: ComboboxData, value: string | null, toValue: (text: string) => CriteriaValue) => (
    <Select
      {...common}
      allowDeselect={false}
      data={data}
      value={value}
      onChange={(text) => text !== null && onChange(toValue(text))}
    />
  );
  switch (kind) {
    case 'status':
      return pick(
        deviceStatuses.map((status) => ({ value: status, label: t(`devices.status.${status}`) })),
        textValue,
        String,
      );
    case 'deviceClass':
      return pick(
        deviceClassOptions(rule.value).map((value) => ({
          value,
          label: t(`criteria.deviceClass.${value}`, { defaultValue: value }),
        })),
        textValue,
        String,
      );
    case 'approvalStatus':
      return pick(
        approvalStatuses.map((status) => ({ value: status, label: t(`approvals.status.${status}`) })),
        textValue,
        String,
      );
    case 'healthStatus':
      return pick(
        healthStatuses.map((status) => ({ value: status, label: t(`criteria.health.${status}`) })),
        textValue,
        String,
      );
    case 'platform':
      return pick(
        agentPlatforms.map((platform) => ({
          value: platform,
          label: t(`criteria.platform.${platform}`),
        })),
        textValue,
        String,
      );
    case 'nodeRole':
      return <RoleSelect value={rule.value} label={label} error={error} onChange={onChange} />;
    case 'boolean':
      return pick(
        [
          { value: 'true', label: t('common.yes') },
          { value: 'false', label: t('common.no') },
        ],
        typeof rule.value === 'boolean' ? String(rule.value) : null,
        (text) => text === 'true',
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof rule.value === 'number' ? rule.value : ''}
          onChange={(value) => onChange(typeof value === 'number' ? value : null)}
        />
      );
    case 'tags':
      return <TagNamesInput value={rule.value} label={label} error={error} onChange={onChange} />;
    case 'text':
      return (
        <TextInput
          {...common}
          value={textValue ?? ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
};
