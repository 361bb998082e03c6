import { MultiSelect, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import type { DeviceNode } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanFormValues } from '../../../../components/backup-plan/plan-form.ts';
import { apiRequest } from '../../../../lib/api.ts';
import { listDevices } from '../../../../lib/devices.ts';
import { useOrganizationQuery } from '../../../../lib/organizations.ts';
import { deviceListKey, queryRoots } from '../../../../lib/query-keys.ts';

type Form = UseFormReturnType<PlanFormValues>;

/** Devices of the organization by name, searched on the server as one types; the chosen ones keep their names. */
const DeviceField = ({ form, organizationId }: { form: Form; organizationId: number }) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [settled] = useDebouncedValue(search.trim(), 300);
  const params = { page: 1, pageSize: 50, organizationId, search: settled || undefined, sort: 'displayName' };
  const results = useQuery({
    queryKey: deviceListKey(params),
    queryFn: () => listDevices(params),
    placeholderData: keepPreviousData,
  });
  const names = useRef(new Map<number, string>());
  for (const device of results.data?.data ?? []) names.current.set(device.id, device.displayName);
  const value = form.values.deviceIds;
  const unknown = value.filter((id) => !names.current.has(id)).slice(0, 50);
  const read = useQueries({
    queries: unknown.map((id) => ({
      queryKey: [...queryRoots.devices, 'detail', id],
      queryFn: () => apiRequest<DeviceNode>('GET', apiPaths.device(id)),
      staleTime: 60_000,
    })),
  });
  for (const query of read) if (query.data) names.current.set(query.data.id, query.data.displayName);
  const ids = new Set([...value, ...(results.data?.data ?? []).map((device) => device.id)]);
  return (
    <MultiSelect
      label={t('backup.editor.devices')}
      placeholder={t('backup.editor.devicesPlaceholder')}
      searchable
      clearable
      hidePickedOptions
      filter={({ options }) => options}
      data={[...ids].map((id) => ({ value: String(id), label: names.current.get(id) ?? `#${id}` }))}
      value={value.map(String)}
      onChange={(chosen) => form.setFieldValue('deviceIds', chosen.map(Number))}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={results.isFetching ? t('app.loading') : t('common.noResults')}
      error={results.isError ? results.error.message : undefined}
    />
  );
};

/** Which devices of the organization the plan backs up: all, those of some locations, and chosen devices. */
export const PlanTargetsField = ({ form, organizationId }: { form: Form; organizationId: number }) => {
  const { t } = useTranslation();
  const organization = useOrganizationQuery(organizationId);
  return (
    <Stack>
      <Switch
        label={t('backup.editor.allDevices')}
        description={t('backup.editor.allDevicesHint')}
        {...form.getInputProps('allDevices', { type: 'checkbox' })}
      />
      {!form.values.allDevices && (
        <>
          <MultiSelect
            label={t('backup.editor.locations')}
            placeholder={t('backup.editor.locationsPlaceholder')}
            searchable
            clearable
            data={(organization.data?.locations ?? []).map((location) => ({
              value: String(location.id),
              label: location.name,
            }))}
            value={form.values.locationIds.map(String)}
            onChange={(chosen) => form.setFieldValue('locationIds', chosen.map(Number))}
          />
          <DeviceField form={form} organizationId={organizationId} />
          {form.values.locationIds.length === 0 && form.values.deviceIds.length === 0 && (
            <Text size="xs" c="dimmed">
              {t('backup.editor.noTargets')}
            </Text>
          )}
        </>
      )}
      {form.errors.targets && (
        <Text size="xs" c="red" role="alert">
          {form.errors.targets}
        </Text>
      )}
    </Stack>
  );
};
