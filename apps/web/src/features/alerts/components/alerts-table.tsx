import {
  ActionIcon,
  Anchor,
  Badge,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { Alert } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import {
  IconArrowDown,
  IconArrowUp,
  IconCheck,
  IconRotate,
  IconSelector,
  IconWaveSine,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/relative-time.tsx';
import type { AlertSort } from '../alert-list-params.ts';
import { PriorityBadge, SeverityBadge } from './severity-badge.tsx';

type SortField = 'severity' | 'deviceName' | 'triggerTime';

/** The sort a header's click asks for: newest and worst first, then the other way round. */
const nextSort = (field: SortField, sort: AlertSort): AlertSort => {
  if (field === 'deviceName') return sort === 'deviceName' ? '-triggerTime' : 'deviceName';
  return sort === `-${field}` ? field : `-${field}`;
};

const directionOf = (field: SortField, sort: AlertSort) =>
  sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : undefined;

const SortHeader = ({
  field,
  label,
  sort,
  onSortChange,
}: {
  field: SortField;
  label: string;
  sort: AlertSort;
  onSortChange: (sort: AlertSort) => void;
}) => {
  const direction = directionOf(field, sort);
  const Icon =
    direction === 'ascending' ? IconArrowUp : direction === 'descending' ? IconArrowDown : IconSelector;
  return (
    <Table.Th aria-sort={direction ?? 'none'}>
      <UnstyledButton
        onClick={() => onSortChange(nextSort(field, sort))}
        fw={700}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {label}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
};

const ConditionCell = ({ alert }: { alert: Alert }) => {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={500}>
          {alert.conditionName}
        </Text>
        {alert.flapping && (
          <Tooltip label={t('alerts.flappingHint')} multiline w={260}>
            <Badge
              size="xs"
              color="violet"
              variant="light"
              leftSection={<IconWaveSine size={10} aria-hidden />}
              data-testid="flapping"
            >
              {t('alerts.flapping')}
            </Badge>
          </Tooltip>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t(`alerts.conditionType.${alert.conditionType}`)}
      </Text>
    </Stack>
  );
};

const AcknowledgedCell = ({ alert }: { alert: Alert }) => {
  const { t } = useTranslation();
  if (!alert.acknowledgeTime)
    return (
      <Text size="sm" c="dimmed">
        {t('alerts.notAcknowledged')}
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm">{alert.acknowledgedBy ?? t('alerts.acknowledgedBySomeone')}</Text>
      <RelativeTime value={alert.acknowledgeTime} size="xs" c="dimmed" />
    </Stack>
  );
};

const ResetCell = ({ alert }: { alert: Alert }) => {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <RelativeTime value={alert.resetTime} size="sm" />
      <Text size="xs" c="dimmed">
        {alert.resetReason ? t(`alerts.resetReason.${alert.resetReason}`) : ''}
        {alert.resetBy ? ` · ${t('alerts.resetBy', { name: alert.resetBy })}` : ''}
      </Text>
    </Stack>
  );
};

export type AlertsTableProps = {
  alerts: Alert[];
  sort: AlertSort;
  onSortChange: (sort: AlertSort) => void;
  showDevice: boolean;
  showOrganization: boolean;
  /** Reset alerts show when and why they were reset, and offer no actions. */
  isResetList: boolean;
  /** Selection and the per-row actions, for those who may acknowledge and reset. */
  canManage: boolean;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], isSelected: boolean) => void;
  onAcknowledge: (alert: Alert) => void;
  onReset: (alert: Alert) => void;
  isBusy: boolean;
};

/**
 * One page of alerts. Everything the agent or a condition says (the message, the instance, names) is text,
 * never markup; times are relative with the exact time on hover.
 */
export const AlertsTable = ({
  alerts,
  sort,
  onSortChange,
  showDevice,
  showOrganization,
  isResetList,
  canManage,
  selected,
  onSelect,
  onAcknowledge,
  onReset,
  isBusy,
}: AlertsTableProps) => {
  const { t } = useTranslation();
  const withActions = canManage && !isResetList;
  const selectedOnPage = alerts.filter((alert) => selected.has(alert.id)).length;
  const cells: { key: string; header: ReactNode; render: (alert: Alert) => ReactNode }[] = [
    {
      key: 'severity',
      header: (
        <SortHeader
          key="severity"
          field="severity"
          label={t('alerts.column.severity')}
          sort={sort}
          onSortChange={onSortChange}
        />
      ),
      render: (alert) => <SeverityBadge severity={alert.severity} />,
    },
    {
      key: 'priority',
      header: <Table.Th key="priority">{t('alerts.column.priority')}</Table.Th>,
      render: (alert) => <PriorityBadge priority={alert.priority} size="sm" />,
    },
    ...(showDevice
      ? [
          {
            key: 'device',
            header: (
              <SortHeader
                key="device"
                field="deviceName"
                label={t('alerts.column.device')}
                sort={sort}
                onSortChange={onSortChange}
              />
            ),
            render: (alert: Alert) => (
              <Anchor component={Link} to={links.device(alert.deviceId)} size="sm" fw={500}>
                {alert.deviceName}
              </Anchor>
            ),
          },
        ]
      : []),
    ...(showOrganization
      ? [
          {
            key: 'organization',
            header: <Table.Th key="organization">{t('alerts.column.organization')}</Table.Th>,
            render: (alert: Alert) => (
              <Anchor component={Link} to={links.organization(alert.organizationId)} size="sm">
                {alert.organizationName}
              </Anchor>
            ),
          },
        ]
      : []),
    {
      key: 'condition',
      header: <Table.Th key="condition">{t('alerts.column.condition')}</Table.Th>,
      render: (alert) => <ConditionCell alert={alert} />,
    },
    {
      key: 'instance',
      header: <Table.Th key="instance">{t('alerts.column.instance')}</Table.Th>,
      render: (alert) => (
        <Text size="sm" ff="monospace">
          {alert.instance}
        </Text>
      ),
    },
    {
      key: 'message',
      header: <Table.Th key="message">{t('alerts.column.message')}</Table.Th>,
      render: (alert) => (
        <Text size="sm" lineClamp={2} title={alert.message} maw={360} style={{ overflowWrap: 'anywhere' }}>
          {alert.message}
        </Text>
      ),
    },
    {
      key: 'triggered',
      header: (
        <SortHeader
          key="triggered"
          field="triggerTime"
          label={t('alerts.column.triggered')}
          sort={sort}
          onSortChange={onSortChange}
        />
      ),
      render: (alert) => <RelativeTime value={alert.triggerTime} size="sm" />,
    },
    isResetList
      ? {
          key: 'reset',
          header: <Table.Th key="reset">{t('alerts.column.reset')}</Table.Th>,
          render: (alert) => <ResetCell alert={alert} />,
        }
      : {
          key: 'acknowledged',
          header: <Table.Th key="acknowledged">{t('alerts.column.acknowledged')}</Table.Th>,
          render: (alert) => <AcknowledgedCell alert={alert} />,
        },
  ];

  return (
    <Table.ScrollContainer minWidth={showOrganization ? 1180 : 1020}>
      <Table highlightOnHover verticalSpacing="xs" aria-label={t('alerts.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            {withActions && (
              <Table.Th w={44}>
                <Checkbox
                  aria-label={t('alerts.selectPage')}
                  checked={alerts.length > 0 && selectedOnPage === alerts.length}
                  indeterminate={selectedOnPage > 0 && selectedOnPage < alerts.length}
                  onChange={(event) =>
                    onSelect(
                      alerts.map((alert) => alert.id),
                      event.currentTarget.checked,
                    )
                  }
                />
              </Table.Th>
            )}
            {cells.map((cell) => cell.header)}
            {withActions && (
              <Table.Th w={90}>
                <VisuallyHidden>{t('alerts.column.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {alerts.map((alert) => {
            const isSelected = selected.has(alert.id);
            const names = { condition: alert.conditionName, device: alert.deviceName };
            return (
              <Table.Tr
                key={alert.id}
                aria-selected={withActions ? isSelected : undefined}
                bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}
                data-alert-id={alert.id}
              >
                {withActions && (
                  <Table.Td>
                    <Checkbox
                      aria-label={t('alerts.selectRow', names)}
                      checked={isSelected}
                      onChange={(event) => onSelect([alert.id], event.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
                {cells.map((cell) => (
                  <Table.Td key={cell.key}>{cell.render(alert)}</Table.Td>
                ))}
                {withActions && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" role="group" aria-label={t('alerts.rowActions', names)}>
                      <Tooltip label={t('alerts.acknowledgeOne', names)}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('alerts.acknowledgeOne', names)}
                          disabled={isBusy || alert.acknowledgeTime !== null}
                          onClick={() => onAcknowledge(alert)}
                        >
                          <IconCheck size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('alerts.resetOne', names)}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('alerts.resetOne', names)}
                          disabled={isBusy}
                          onClick={() => onReset(alert)}
                        >
                          <IconRotate size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
