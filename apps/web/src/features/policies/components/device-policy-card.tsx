import { Alert, Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DeviceNode, DevicePolicyResponse, EffectiveItem } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { describeBackupPlan, describeScheduledScript } from '../describe-item.ts';
import { useDevicePolicyQuery, useSetDevicePolicyMutation } from '../queries.ts';
import { PolicySelect } from './policy-select.tsx';

const sourceColors: Record<DevicePolicyResponse['source'], string> = {
  DEVICE: 'violet',
  LOCATION: 'teal',
  ORGANIZATION: 'blue',
  NONE: 'gray',
};

const Override = ({ device, answer }: { device: DeviceNode; answer: DevicePolicyResponse }) => {
  const { t } = useTranslation();
  const own = answer.source === 'DEVICE' ? answer.policyId : null;
  const [value, setValue] = useState<number | null>(own);
  const save = useSetDevicePolicyMutation(device.id);
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm">
        <PolicySelect
          label={t('policies.device.override')}
          description={t('policies.device.overrideHint')}
          w={420}
          {...(device.nodeClass ? { nodeClass: device.nodeClass } : {})}
          emptyLabel={t('policies.device.followDefault')}
          value={value}
          onChange={setValue}
        />
        <Button
          loading={save.isPending}
          disabled={value === own}
          onClick={() =>
            save.mutate(value, {
              onSuccess: () => notifications.show({ color: 'green', message: t('policies.device.saved') }),
            })
          }
        >
          {t('common.save')}
        </Button>
      </Group>
      {save.error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" py="xs">
          {save.error.message}
        </Alert>
      )}
    </Stack>
  );
};

/** The backup plans or scheduled scripts that reach the device (none: nothing shown). */
const ItemList = <T extends { id: string; name: string }>({
  label,
  entries,
  describe,
}: {
  label: string;
  entries: readonly EffectiveItem<T>[];
  describe: (item: T) => string;
}) => {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Table verticalSpacing={4} aria-label={label}>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.item.id} style={{ opacity: entry.active ? 1 : 0.55 }}>
              <Table.Td>
                <Text size="sm">{entry.item.name}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {entry.active ? describe(entry.item) : t('policies.device.inactive')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
};

/**
 * The device's policy: which one applies and from where, its conditions, backup plans and scheduled scripts,
 * and the device's own choice.
 */
export const DevicePolicyCard = ({ device }: { device: DeviceNode }) => {
  const { t } = useTranslation();
  const location = useLocation();
  const canManage = useHasPermission('policies.manage');
  const query = useDevicePolicyQuery(device.id);
  return (
    <Card withBorder>
      <Title order={3} size="h4" mb="sm">
        {t('policies.device.title')}
      </Title>
      <QueryState query={query}>
        {(answer) => (
          <Stack gap="sm">
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {t('policies.device.effective')}:
              </Text>
              {answer.policyId !== null ? (
                <Anchor
                  component={Link}
                  to={links.policyEditor(answer.policyId)}
                  state={{ from: location.pathname }}
                  size="sm"
                >
                  {answer.policyName}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('policies.device.none')}
                </Text>
              )}
              <Badge variant="light" color={sourceColors[answer.source]}>
                {t(`policies.source.${answer.source}`)}
              </Badge>
            </Group>
            {answer.dynamicPolicies.length > 0 && (
              <Group gap="xs">
                <Text size="sm" fw={500}>
                  {t('policies.device.dynamic')}:
                </Text>
                {answer.dynamicPolicies.map((d) => (
                  <Badge key={d.id} variant="outline" tt="none">
                    {d.name}
                  </Badge>
                ))}
              </Group>
            )}
            {answer.conditions.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('policies.device.noConditions')}
              </Text>
            ) : (
              <Table verticalSpacing={4} aria-label={t('policies.device.conditions')}>
                <Table.Tbody>
                  {answer.conditions.map((entry) => (
                    <Table.Tr key={entry.condition.id} style={{ opacity: entry.active ? 1 : 0.55 }}>
                      <Table.Td>
                        <Text size="sm">{entry.condition.name}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {t(`policies.conditionType.${entry.condition.type}`)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {entry.active
                            ? t(`policies.severity.${entry.condition.severity}`)
                            : t('policies.device.inactive')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <ItemList
              label={t('policies.device.backupPlans')}
              entries={answer.backupPlans}
              describe={(plan) => describeBackupPlan(plan, t)}
            />
            <ItemList
              label={t('policies.device.scheduledScripts')}
              entries={answer.scheduledScripts}
              describe={(script) => describeScheduledScript(script, t)}
            />
            {canManage && (
              <Override key={`${answer.source}:${answer.policyId}`} device={device} answer={answer} />
            )}
          </Stack>
        )}
      </QueryState>
    </Card>
  );
};
