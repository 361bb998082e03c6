import { Badge, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { PsaConfigurationTypeMapping, PsaProductMapping } from '@rmm/domain';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledActionIcon } from '../../../components/labelled-action-icon.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useNodeRolesQuery } from '../../../lib/node-roles.ts';
import {
  useDeletePsaConfigurationTypeMappingMutation,
  useDeletePsaProductMappingMutation,
  usePsaConfigurationTypeMappingsQuery,
  usePsaGroupsQuery,
  usePsaProductMappingsQuery,
} from '../queries.ts';
import { type RuleKind, RuleMappingDialog } from './rule-mapping-dialog.tsx';

type AnyMapping = PsaProductMapping | PsaConfigurationTypeMapping;

/** What a rule maps to, in words: the catalog product or the configuration type. */
const targetOf = (rule: AnyMapping['rules'][number]) =>
  'catalogItemIdentifier' in rule ? rule.catalogItemIdentifier : rule.configurationTypeName;

/** The product mappings or the configuration-type mappings: a list with a dialog each. */
export const RuleMappingsPanel = ({ kind }: { kind: RuleKind }) => {
  const { t } = useTranslation();
  const products = usePsaProductMappingsQuery();
  const types = usePsaConfigurationTypeMappingsQuery();
  const query = kind === 'product' ? products : types;
  const roles = useNodeRolesQuery();
  const removeProduct = useDeletePsaProductMappingMutation();
  const removeType = useDeletePsaConfigurationTypeMappingMutation();
  const [editing, setEditing] = useState<AnyMapping | 'new' | null>(null);
  const groups = usePsaGroupsQuery();
  const roleName = (id: number) => roles.data?.find((role) => role.id === id)?.name ?? `#${id}`;
  const groupName = (id: number) => groups.data?.find((group) => group.id === id)?.search ?? `#${id}`;

  const confirmDelete = (mapping: AnyMapping) =>
    modals.openConfirmModal({
      title: t('psa.rules.deleteTitle', { name: mapping.name }),
      children: <Text size="sm">{t('psa.rules.deleteBody')}</Text>,
      labels: { confirm: t('psa.rules.deleteConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        (kind === 'product' ? removeProduct : removeType).mutate(mapping.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('psa.rules.deleted') }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={720}>
          {t(kind === 'product' ? 'psa.rules.products.intro' : 'psa.rules.configurationTypes.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('psa.rules.new')}
        </Button>
      </Group>
      <QueryState query={query as typeof products}>
        {({ data }) =>
          data.length === 0 ? (
            <Text c="dimmed">{t('psa.rules.empty')}</Text>
          ) : (
            <Paper withBorder>
              <Table striped verticalSpacing="sm" aria-label={t('psa.rules.tableLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('psa.rules.column.name')}</Table.Th>
                    <Table.Th>{t('psa.rules.column.rules')}</Table.Th>
                    <Table.Th>{t('psa.rules.column.clients')}</Table.Th>
                    <Table.Th w={90}>
                      <VisuallyHidden>{t('psa.mappings.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(data as AnyMapping[]).map((mapping) => (
                    <Table.Tr key={mapping.id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {mapping.name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {mapping.rules.map((rule) => (
                            <Badge key={`${rule.nodeRoleId}:${rule.groupId}`} variant="light" tt="none">
                              {roleName(rule.nodeRoleId)}
                              {rule.groupId === null ? '' : ` (${groupName(rule.groupId)})`} →{' '}
                              {targetOf(rule)}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>{t('psa.rules.clients', { count: mapping.clientCount })}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <LabelledActionIcon
                            label={t('psa.rules.edit', { name: mapping.name })}
                            onClick={() => setEditing(mapping)}
                          >
                            <IconEdit size={16} />
                          </LabelledActionIcon>
                          <LabelledActionIcon
                            label={t('psa.rules.delete', { name: mapping.name })}
                            color="red"
                            onClick={() => confirmDelete(mapping)}
                          >
                            <IconTrash size={16} />
                          </LabelledActionIcon>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )
        }
      </QueryState>
      {editing !== null && (
        <RuleMappingDialog
          kind={kind}
          mapping={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
};
