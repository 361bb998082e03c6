import { Alert, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { NodeRole, OrganizationPolicies, PolicySummary, RolePolicy } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { useNodeRolesQuery } from '../../../lib/node-roles.ts';
import { useOrganizationQuery } from '../../../lib/organizations.ts';
import { useOrganizationPoliciesQuery, useSetOrganizationPoliciesMutation } from '../queries.ts';
import { usePolicyOptions } from './policy-select.tsx';

/** Which level is edited: the organization's defaults, or one location's overrides. */
type Level = 'default' | number;

const policyOf = (list: readonly RolePolicy[], roleId: number) =>
  list.find((entry) => entry.nodeRoleId === roleId)?.policyId ?? null;

/** Sets one role's policy at one level (null removes the entry). */
export const withRolePolicy = (
  value: OrganizationPolicies,
  level: Level,
  nodeRoleId: number,
  policyId: number | null,
): OrganizationPolicies => {
  const change = (list: readonly RolePolicy[]) => [
    ...list.filter((entry) => entry.nodeRoleId !== nodeRoleId),
    ...(policyId === null ? [] : [{ nodeRoleId, policyId }]),
  ];
  if (level === 'default') return { ...value, defaults: change(value.defaults) };
  const existing = value.locations.find((l) => l.locationId === level);
  const policies = change(existing?.policies ?? []);
  const others = value.locations.filter((l) => l.locationId !== level);
  return { ...value, locations: policies.length > 0 ? [...others, { locationId: level, policies }] : others };
};

const RoleRow = ({
  role,
  policies,
  value,
  defaultPolicyName,
  isLocation,
  readOnly,
  onChange,
}: {
  role: NodeRole;
  policies: readonly PolicySummary[];
  value: number | null;
  defaultPolicyName: string | undefined;
  isLocation: boolean;
  readOnly: boolean;
  onChange: (policyId: number | null) => void;
}) => {
  const { t } = useTranslation();
  const ofClass = policies.filter((policy) => policy.nodeClass === role.nodeClass);
  const emptyLabel = isLocation
    ? `${t('policies.organization.useDefault')}${defaultPolicyName ? ` (${defaultPolicyName})` : ''}`
    : t('policies.organization.noPolicy');
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm">{role.name}</Text>
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={t('policies.organization.policyFor', { role: role.name })}
          size="sm"
          maw={380}
          allowDeselect={false}
          readOnly={readOnly}
          data={[
            { value: '', label: emptyLabel },
            ...ofClass.map((policy) => ({ value: String(policy.id), label: policy.name })),
            ...(value !== null && !ofClass.some((p) => p.id === value)
              ? [{ value: String(value), label: `#${value}` }]
              : []),
          ]}
          value={value === null ? '' : String(value)}
          onChange={(next) => onChange(next ? Number(next) : null)}
        />
      </Table.Td>
    </Table.Tr>
  );
};

const Assignment = ({
  organizationId,
  initial,
  locations,
}: {
  organizationId: number;
  initial: OrganizationPolicies;
  locations: readonly { id: number; name: string }[];
}) => {
  const { t } = useTranslation();
  const canManage = useHasPermission('policies.manage');
  const [value, setValue] = useState(initial);
  const [level, setLevel] = useState<Level>('default');
  const roles = useNodeRolesQuery();
  const policies = usePolicyOptions();
  const save = useSetOrganizationPoliciesMutation(organizationId);
  const all = policies.data?.data ?? [];
  const nameOf = (id: number | null) =>
    id === null ? undefined : (all.find((p) => p.id === id)?.name ?? `#${id}`);
  const levelList =
    level === 'default'
      ? value.defaults
      : (value.locations.find((l) => l.locationId === level)?.policies ?? []);
  const isDirty = JSON.stringify(value) !== JSON.stringify(initial);
  const submit = () =>
    save.mutate(value, {
      onSuccess: (saved) => {
        setValue(saved);
        notifications.show({ color: 'green', message: t('policies.organization.saved') });
      },
    });

  return (
    <Stack gap="md" maw={760}>
      <Title order={4}>{t('policies.organization.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('policies.organization.hint')}
      </Text>
      {!canManage && <Alert color="gray">{t('policies.organization.readOnly')}</Alert>}
      {save.error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {save.error.message}
        </Alert>
      )}
      <Group align="flex-end" justify="space-between">
        <Select
          label={t('policies.organization.level')}
          w={320}
          allowDeselect={false}
          data={[
            { value: 'default', label: t('policies.organization.levelDefault') },
            ...locations.map((l) => ({
              value: String(l.id),
              label: t('policies.organization.levelLocation', { name: l.name }),
            })),
          ]}
          value={String(level)}
          onChange={(next) => next && setLevel(next === 'default' ? 'default' : Number(next))}
        />
        {canManage && (
          <Button onClick={submit} loading={save.isPending} disabled={!isDirty}>
            {t('policies.organization.save')}
          </Button>
        )}
      </Group>
      <QueryState query={roles}>
        {(list) => {
          // Roles no policy is made for (and none assigned) have nothing to pick: named below the table.
          const offered = list.filter(
            (role) =>
              all.some((policy) => policy.nodeClass === role.nodeClass) ||
              policyOf(levelList, role.id) !== null ||
              policyOf(value.defaults, role.id) !== null,
          );
          const without = list.filter((role) => !offered.includes(role));
          return (
            <>
              {offered.length === 0 ? (
                <Paper withBorder p="lg" ta="center">
                  <Text c="dimmed" size="sm">
                    {t('policies.organization.noPolicies')}
                  </Text>
                </Paper>
              ) : (
                <Paper withBorder>
                  <Table verticalSpacing="xs" aria-label={t('policies.organization.title')}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={260}>{t('policies.organization.role')}</Table.Th>
                        <Table.Th>{t('policies.organization.policy')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {offered.map((role) => (
                        <RoleRow
                          key={role.id}
                          role={role}
                          policies={all}
                          value={policyOf(levelList, role.id)}
                          defaultPolicyName={nameOf(policyOf(value.defaults, role.id))}
                          isLocation={level !== 'default'}
                          readOnly={!canManage || save.isPending}
                          onChange={(policyId) =>
                            setValue((current) => withRolePolicy(current, level, role.id, policyId))
                          }
                        />
                      ))}
                    </Table.Tbody>
                  </Table>
                </Paper>
              )}
              {without.length > 0 && (
                <Text size="xs" c="dimmed">
                  {t('policies.organization.rolesWithout', {
                    roles: without.map((role) => role.name).join(', '),
                  })}
                </Text>
              )}
            </>
          );
        }}
      </QueryState>
    </Stack>
  );
};

/** The organization editor's Policies section: the policy per device role, for the organization and each location. */
export const OrganizationPoliciesTab = ({ organizationId }: { organizationId: number }) => {
  const assignment = useOrganizationPoliciesQuery(organizationId);
  const organization = useOrganizationQuery(organizationId);
  return (
    <QueryState query={assignment}>
      {(initial) => (
        <Assignment
          organizationId={organizationId}
          initial={initial}
          locations={organization.data?.locations ?? []}
        />
      )}
    </QueryState>
  );
};
