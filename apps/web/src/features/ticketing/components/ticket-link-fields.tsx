import { Anchor, Group, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Ticket } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listDevices } from '../../../lib/devices.ts';
import { useOrganizationQuery } from '../../../lib/organizations.ts';
import { deviceListKey } from '../../../lib/query-keys.ts';
import { ticketingApi } from '../api.ts';
import { ticketingKeys } from '../queries.ts';
import type { TicketDraft } from '../ticket-draft.ts';

type Props = { ticket: Ticket; draft: TicketDraft; readOnly: boolean };
const RESULTS = 50;

/**
 * One device of an organization, searched on the server as one types; the chosen one keeps its name.
 * `onLocation` hears the chosen device's location.
 */
export const DeviceSelect = ({
  organizationId,
  value,
  knownName,
  onChange,
  disabled,
  label,
}: {
  organizationId: number | null;
  value: number | null;
  knownName?: string | null;
  onChange: (deviceId: number | null, locationId: number | null) => void;
  disabled?: boolean;
  label: string;
}) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [settled] = useDebouncedValue(search.trim(), 300);
  const params = {
    page: 1,
    pageSize: RESULTS,
    organizationId: organizationId ?? undefined,
    search: settled || undefined,
    sort: 'displayName',
  };
  const results = useQuery({
    queryKey: deviceListKey(params),
    queryFn: () => listDevices(params),
    placeholderData: keepPreviousData,
    enabled: organizationId !== null,
  });
  const known = useRef(new Map<number, { name: string; locationId: number | null }>());
  if (value !== null && knownName && !known.current.has(value))
    known.current.set(value, { name: knownName, locationId: null });
  for (const device of results.data?.data ?? [])
    known.current.set(device.id, { name: device.displayName, locationId: device.locationId });
  const ids = new Set([...(value === null ? [] : [value]), ...(results.data?.data ?? []).map((d) => d.id)]);
  return (
    <Select
      label={label}
      placeholder={t('ticketing.none')}
      searchable
      clearable
      filter={({ options }) => options}
      data={[...ids].map((id) => ({ value: String(id), label: known.current.get(id)?.name ?? `#${id}` }))}
      value={value === null ? null : String(value)}
      onChange={(id) =>
        onChange(
          id === null ? null : Number(id),
          id === null ? null : (known.current.get(Number(id))?.locationId ?? null),
        )
      }
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={results.isFetching ? t('app.loading') : t('common.noResults')}
      disabled={disabled || organizationId === null}
    />
  );
};

/** A problem of the same organization to attach an incident to, searched by subject or number. */
const ParentProblemSelect = ({ ticket, draft, readOnly }: Props) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [settled] = useDebouncedValue(search.trim(), 300);
  const parentId = draft.valueOf('parentTicketId') ?? null;
  const filters = { organizationId: ticket.organizationId, search: settled || undefined, pageSize: RESULTS };
  const results = useQuery({
    queryKey: [...ticketingKeys.tickets(filters), 'problems'],
    queryFn: () => ticketingApi.tickets(filters),
    placeholderData: keepPreviousData,
    enabled: !readOnly,
  });
  const problems = (results.data?.data ?? []).filter(
    (other) => other.type === 'PROBLEM' && other.id !== ticket.id,
  );
  const data = problems.map((problem) => ({
    value: String(problem.id),
    label: `#${problem.id} ${problem.subject}`,
  }));
  if (parentId !== null && !data.some((option) => option.value === String(parentId)))
    data.unshift({ value: String(parentId), label: `#${parentId}` });
  return (
    <Stack gap={2}>
      <Select
        label={t('ticketing.field.parentTicket')}
        description={t('ticketing.field.parentTicketHint')}
        placeholder={t('ticketing.none')}
        searchable
        clearable
        filter={({ options }) => options}
        data={data}
        value={parentId === null ? null : String(parentId)}
        onChange={(value) => draft.set('parentTicketId', value === null ? null : Number(value))}
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage={results.isFetching ? t('app.loading') : t('ticketing.field.noProblems')}
        disabled={readOnly}
      />
      {parentId !== null && (
        <Anchor component={Link} to={links.ticket(parentId)} size="xs">
          {t('ticketing.field.openParent', { id: parentId })}
        </Anchor>
      )}
    </Stack>
  );
};

/** Location and device of the ticket's organization, and the problem an incident belongs to. */
export const TicketLinkFields = (props: Props) => {
  const { t } = useTranslation();
  const { ticket, draft, readOnly } = props;
  const organization = useOrganizationQuery(ticket.organizationId);
  const locationId = draft.valueOf('locationId') ?? null;
  const deviceId = draft.valueOf('deviceId') ?? null;
  return (
    <>
      <Group grow align="flex-start" gap="sm">
        <Select
          label={t('ticketing.field.location')}
          placeholder={t('ticketing.none')}
          clearable
          data={(organization.data?.locations ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
          value={locationId === null ? null : String(locationId)}
          onChange={(value) => draft.set('locationId', value === null ? null : Number(value))}
          disabled={readOnly}
        />
        <DeviceSelect
          label={t('ticketing.field.device')}
          organizationId={ticket.organizationId}
          value={deviceId}
          knownName={deviceId === ticket.deviceId ? ticket.deviceName : null}
          onChange={(id, deviceLocation) =>
            draft.change(
              deviceLocation !== null ? { deviceId: id, locationId: deviceLocation } : { deviceId: id },
            )
          }
          disabled={readOnly}
        />
      </Group>
      <ParentProblemSelect {...props} />
    </>
  );
};
