import { MultiSelect, Select, Stack, Switch } from '@mantine/core';
import type { OrganizationScope } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { useOrganizationsQuery } from '../../../lib/organizations.ts';

/** Every organization (the server's page limit), by name: the pickers and the names of scopes. */
export const useOrganizationOptions = () => {
  const query = useOrganizationsQuery({ page: 1, pageSize: 500, sort: 'name' });
  const organizations = query.data?.data ?? [];
  return {
    isPending: query.isPending,
    options: organizations.map((o) => ({ value: String(o.id), label: o.name })),
    nameOf: (id: number) => organizations.find((o) => o.id === id)?.name ?? `#${id}`,
  };
};

/** "All organizations" or a list of them. */
export const OrganizationScopeField = ({
  value,
  onChange,
  description,
  disabled,
  error,
}: {
  value: OrganizationScope;
  onChange: (value: OrganizationScope) => void;
  description?: string;
  disabled?: boolean;
  error?: string;
}) => {
  const { t } = useTranslation();
  const { options } = useOrganizationOptions();
  return (
    <Stack gap="xs">
      <Switch
        label={t('users.allOrganizations')}
        description={description}
        checked={value === 'all'}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.checked ? 'all' : [])}
      />
      {value !== 'all' && (
        <MultiSelect
          label={t('users.pickOrganizations')}
          data={options}
          searchable
          disabled={disabled}
          error={error}
          value={value.map(String)}
          onChange={(ids) => onChange(ids.map(Number))}
        />
      )}
    </Stack>
  );
};

/** One organization, by name. */
export const OrganizationSelect = ({
  label,
  value,
  onChange,
  error,
  clearable,
  withAsterisk,
  placeholder,
  ariaLabel,
  maw,
}: {
  label?: string;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string;
  clearable?: boolean;
  withAsterisk?: boolean;
  placeholder?: string;
  ariaLabel?: string;
  maw?: number;
}) => {
  const { options } = useOrganizationOptions();
  return (
    <Select
      label={label}
      aria-label={ariaLabel}
      placeholder={placeholder}
      data={options}
      searchable
      clearable={clearable}
      withAsterisk={withAsterisk}
      error={error}
      maw={maw}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(id === null ? null : Number(id))}
    />
  );
};
