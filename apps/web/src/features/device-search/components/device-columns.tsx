import { Anchor, Badge, Group, Text } from '@mantine/core';
import { type Device, type deviceSorts, findNodeRole } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApprovalBadge } from '../../../components/approval-badge.tsx';
import { DeviceStatusBadge } from '../../../components/device-status-badge.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';

export type DeviceSort = (typeof deviceSorts)[number];
type SortField = Exclude<DeviceSort, `-${string}`>;

export const columnIds = [
  'name',
  'hostname',
  'status',
  'approval',
  'organization',
  'location',
  'role',
  'os',
  'loggedOnUser',
  'ipAddress',
  'lastSeen',
  'agentVersion',
  'created',
  'tags',
] as const;
export type ColumnId = (typeof columnIds)[number];

export type DeviceColumn = {
  id: ColumnId;
  /** Fixed widths keep the columns still while rows scroll in and out. */
  width: number;
  sortField?: SortField;
  render: (device: Device) => ReactNode;
};

const line = (text: string | null | undefined) => (
  <Text size="sm" truncate="end" title={text ?? undefined}>
    {text ?? ''}
  </Text>
);

/** A device's tags as small badges, on one line; the whole list is the cell's title. */
const TagsCell = ({ tags }: { tags: readonly string[] }) => (
  <Group gap={4} wrap="nowrap" miw={0} style={{ overflow: 'hidden' }} title={tags.join(', ')}>
    {tags.map((tag) => (
      <Badge key={tag} size="sm" variant="light" tt="none" style={{ flexShrink: 0 }}>
        {tag}
      </Badge>
    ))}
  </Group>
);

const ApprovalCell = ({ device }: { device: Device }) => {
  const { t } = useTranslation();
  const label = t(`approvals.status.${device.approvalStatus}`);
  if (device.approvalStatus === 'APPROVED') return line(label);
  const color = device.approvalStatus === 'REJECTED' ? 'red' : 'orange';
  return (
    <Badge color={color} variant="outline" size="sm">
      {label}
    </Badge>
  );
};

/** Every column a device table can show; the name is always shown. Agent data renders as text. */
export const deviceColumns: Readonly<Record<ColumnId, DeviceColumn>> = {
  name: {
    id: 'name',
    width: 230,
    sortField: 'displayName',
    render: (device) => (
      <Group gap={6} wrap="nowrap" miw={0}>
        <Anchor
          component={Link}
          to={links.device(device.id)}
          size="sm"
          fw={500}
          truncate="end"
          title={device.displayName}
          miw={0}
        >
          {device.displayName}
        </Anchor>
        <ApprovalBadge status={device.approvalStatus} size="xs" style={{ flexShrink: 0 }} />
      </Group>
    ),
  },
  hostname: { id: 'hostname', width: 180, render: (device) => line(device.hostname) },
  status: {
    id: 'status',
    // Wide enough for the longest badge, WARNING, with the sort arrow in the header.
    width: 120,
    sortField: 'status',
    render: (device) => <DeviceStatusBadge status={device.status} />,
  },
  approval: { id: 'approval', width: 120, render: (device) => <ApprovalCell device={device} /> },
  organization: { id: 'organization', width: 170, render: (device) => line(device.organizationName) },
  location: { id: 'location', width: 150, render: (device) => line(device.locationName) },
  role: {
    id: 'role',
    width: 170,
    render: (device) => line(device.nodeRoleId === null ? null : findNodeRole(device.nodeRoleId)?.name),
  },
  os: {
    id: 'os',
    width: 190,
    render: (device) => line([device.osName, device.osVersion].filter(Boolean).join(' ')),
  },
  loggedOnUser: { id: 'loggedOnUser', width: 150, render: (device) => line(device.loggedOnUser) },
  ipAddress: {
    id: 'ipAddress',
    width: 130,
    render: (device) => (
      <Text size="sm" ff="monospace" truncate="end">
        {device.ipAddresses[0] ?? ''}
      </Text>
    ),
  },
  lastSeen: {
    id: 'lastSeen',
    width: 120,
    sortField: 'lastSeen',
    render: (device) => <RelativeTime value={device.lastSeen} size="sm" />,
  },
  agentVersion: { id: 'agentVersion', width: 120, render: (device) => line(device.agentVersion) },
  created: {
    id: 'created',
    width: 120,
    sortField: 'createTime',
    render: (device) => line(dayjs(device.createTime).format('YYYY-MM-DD')),
  },
  tags: { id: 'tags', width: 200, render: (device) => <TagsCell tags={device.tags} /> },
};

export const defaultSearchColumns: ColumnId[] = [
  'name',
  'status',
  'organization',
  'location',
  'os',
  'ipAddress',
  'lastSeen',
  'tags',
];
