import { MultiSelect, Radio, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DEVICE_GROUP_SEARCH_GROUP, type DeviceSearch, offlineDevicePolicies } from '@rmm/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useOrganizationsQuery } from '../../../lib/organizations.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { savedSearchesApi } from '../../../lib/searches.ts';
import type { TaskFormValues } from '../task-form.ts';
import { DeviceMultiSelect } from './device-multi-select.tsx';

type Form = UseFormReturnType<TaskFormValues>;

const groupsOf = (searches: DeviceSearch[]) =>
  searches
    .filter((search) => search.searchGroup === DEVICE_GROUP_SEARCH_GROUP)
    .sort((a, b) => a.search.localeCompare(b.search));

/** Devices, groups (saved searches, read when the task runs) and organizations; what to do with offline ones. */
export const TaskTargetsField = ({ form, disabled }: { form: Form; disabled: boolean }) => {
  const { t } = useTranslation();
  const groups = useQuery({
    queryKey: queryRoots.searches,
    queryFn: savedSearchesApi.list,
    select: groupsOf,
  });
  const organizations = useOrganizationsQuery({ page: 1, pageSize: 500, sort: 'name' });
  const { targets } = form.values;
  const error = form.errors.targets as string | undefined;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('scheduledTasks.targetsHint')}
      </Text>
      <DeviceMultiSelect
        value={targets.deviceIds}
        disabled={disabled}
        onChange={(ids) => form.setFieldValue('targets.deviceIds', ids)}
      />
      <MultiSelect
        label={t('scheduledTasks.groups')}
        searchable
        clearable
        disabled={disabled}
        data={(groups.data ?? []).map((group) => ({ value: String(group.id), label: group.search }))}
        error={groups.isError ? t('spec.groups.fetchError') : undefined}
        value={targets.searchIds.map(String)}
        onChange={(ids) => form.setFieldValue('targets.searchIds', ids.map(Number))}
      />
      <MultiSelect
        label={t('scheduledTasks.organizations')}
        searchable
        clearable
        disabled={disabled}
        data={(organizations.data?.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
        error={organizations.isError ? organizations.error.message : undefined}
        value={targets.organizationIds.map(String)}
        onChange={(ids) => form.setFieldValue('targets.organizationIds', ids.map(Number))}
      />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Radio.Group
        label={t('scheduledTasks.offlineDevices')}
        value={form.values.offlineDevices}
        onChange={(value) => form.setFieldValue('offlineDevices', value as TaskFormValues['offlineDevices'])}
      >
        <Stack gap="xs" mt="xs">
          {offlineDevicePolicies.map((policy) => (
            <Radio
              key={policy}
              value={policy}
              disabled={disabled}
              label={t(`scheduledTasks.offline.${policy}`)}
            />
          ))}
        </Stack>
      </Radio.Group>
    </Stack>
  );
};
