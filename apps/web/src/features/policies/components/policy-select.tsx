import { type ComboboxItem, Select, type SelectProps } from '@mantine/core';
import type { NodeClass } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { usePoliciesQuery } from '../queries.ts';

/** At most this many policies are offered by a picker (by name); an MSP has a few dozen. */
export const POLICY_PICKER_SIZE = 500;

export const usePolicyOptions = (nodeClass?: NodeClass, enabled = true) =>
  usePoliciesQuery({ page: 1, pageSize: POLICY_PICKER_SIZE, ...(nodeClass ? { nodeClass } : {}) }, enabled);

/**
 * A policy picker: the policies of one class (or all, each with its class), `null` offered as `emptyLabel`
 * when given. An id no longer listed stays shown by its id.
 */
export const PolicySelect = ({
  value,
  onChange,
  nodeClass,
  emptyLabel,
  exclude,
  ...props
}: Omit<SelectProps, 'value' | 'onChange' | 'data'> & {
  value: number | null;
  onChange: (id: number | null) => void;
  nodeClass?: NodeClass;
  emptyLabel?: string;
  exclude?: number;
}) => {
  const { t } = useTranslation();
  const policies = usePolicyOptions(nodeClass);
  const items: ComboboxItem[] = (policies.data?.data ?? [])
    .filter((policy) => policy.id !== exclude)
    .map((policy) => ({
      value: String(policy.id),
      label: nodeClass ? policy.name : `${policy.name} (${t(`policies.nodeClass.${policy.nodeClass}`)})`,
    }));
  if (value !== null && !items.some((item) => item.value === String(value)))
    items.push({ value: String(value), label: `#${value}` });
  const data = emptyLabel === undefined ? items : [{ value: '', label: emptyLabel }, ...items];
  return (
    <Select
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('common.noResults')}
      {...props}
      data={data}
      value={value === null ? (emptyLabel === undefined ? null : '') : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
      error={props.error ?? policies.error?.message}
    />
  );
};
