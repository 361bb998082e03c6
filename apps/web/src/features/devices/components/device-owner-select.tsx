import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DeviceOwner } from '@rmm/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceOwnerCandidatesQuery } from '../queries.ts';

const labelOf = (owner: DeviceOwner) => (owner.name ? `${owner.name} (${owner.email})` : owner.email);

/**
 * The device's owner: an end user of its organization or a technician who can see it, searched on the server
 * by name or email once the list is opened. The current owner stays an option whatever the search lists.
 */
export const DeviceOwnerSelect = ({
  deviceId,
  owner,
  value,
  onChange,
  error,
}: {
  deviceId: number;
  /** The owner as stored (to name the current value before the list is read). */
  owner: DeviceOwner | null;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}) => {
  const { t } = useTranslation();
  const [isOpened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<DeviceOwner | null>(null);
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const chosen = [owner, picked].find((person) => person && String(person.id) === value) ?? null;
  // The chosen owner's label stands in the box once picked: that is not a search.
  const isSearching = debouncedSearch.trim() !== '' && debouncedSearch !== (chosen && labelOf(chosen));
  const candidates = useDeviceOwnerCandidatesQuery(
    deviceId,
    isSearching ? debouncedSearch.trim() : undefined,
    isOpened,
  );
  const listed = candidates.data ?? [];
  const people = chosen && !listed.some((c) => c.id === chosen.id) ? [chosen, ...listed] : listed;
  const group = (type: DeviceOwner['userType']) => ({
    group: t(`devices.owner.group.${type}`),
    items: people.filter((p) => p.userType === type).map((p) => ({ value: String(p.id), label: labelOf(p) })),
  });
  return (
    <Select
      label={t('devices.owner.label')}
      description={t('devices.owner.hint')}
      placeholder={t('devices.owner.none')}
      searchable
      clearable
      // A real button (Mantine hides it from assistive technology): the way to remove the owner by keyboard.
      clearButtonProps={{ 'aria-label': t('devices.owner.clear'), 'aria-hidden': false, tabIndex: 0 }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      onDropdownOpen={() => setOpened(true)}
      data={[group('END_USER'), group('TECHNICIAN')].filter((g) => g.items.length > 0)}
      value={value}
      onChange={(next) => {
        setPicked(people.find((p) => String(p.id) === next) ?? null);
        onChange(next);
      }}
      error={error ?? (candidates.isError ? candidates.error.message : undefined)}
      nothingFoundMessage={candidates.isPending ? t('app.loading') : t('devices.owner.nothingFound')}
      rightSection={candidates.isFetching ? <Loader size="xs" /> : undefined}
    />
  );
};
