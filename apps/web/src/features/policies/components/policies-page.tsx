import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type NodeClass, nodeClasses, type PolicySummary } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { LabelledActionIcon } from '../../../components/labelled-action-icon.tsx';
import { ListFooter } from '../../../components/list-footer.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { useDeletePolicyMutation, usePoliciesQuery } from '../queries.ts';

const PAGE_SIZE = 50;

/** The search, class and page, kept in the URL (bookmarkable, Back works). */
const useListParams = () => {
  const [params, setParams] = useSearchParams();
  const search = params.get('q')?.trim() || undefined;
  const classParam = params.get('class');
  const nodeClass = (nodeClasses as readonly string[]).includes(classParam ?? '')
    ? (classParam as NodeClass)
    : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (changes: Record<string, string | undefined>) =>
    setParams((current) => {
      for (const [key, value] of Object.entries(changes))
        value ? current.set(key, value) : current.delete(key);
      return current;
    });
  return {
    search,
    nodeClass,
    page,
    setSearch: (q: string) => set({ q: q.trim() || undefined, page: undefined }),
    setClass: (value: string | null) => set({ class: value || undefined, page: undefined }),
    setPage: (next: number) => set({ page: next > 1 ? String(next) : undefined }),
  };
};

const useDeletePolicy = () => {
  const { t } = useTranslation();
  const remove = useDeletePolicyMutation();
  return (policy: PolicySummary) =>
    modals.openConfirmModal({
      title: t('policies.deleteTitle', { name: policy.name }),
      children: <Text size="sm">{t('policies.deleteBody')}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(policy.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('policies.deleted') }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
};

const PoliciesTable = ({
  policies,
  canManage,
  onDelete,
}: {
  policies: PolicySummary[];
  canManage: boolean;
  onDelete: (policy: PolicySummary) => void;
}) => {
  const { t } = useTranslation();
  const location = useLocation();
  const state = { from: `${location.pathname}${location.search}` };
  return (
    <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('policies.tableLabel')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('policies.column.name')}</Table.Th>
          <Table.Th>{t('policies.column.class')}</Table.Th>
          <Table.Th>{t('policies.column.parent')}</Table.Th>
          <Table.Th w={110} ta="right">
            {t('policies.column.conditions')}
          </Table.Th>
          <Table.Th w={90} ta="right">
            {t('policies.column.devices')}
          </Table.Th>
          <Table.Th w={140}>{t('policies.column.updated')}</Table.Th>
          <Table.Th w={90}>
            <VisuallyHidden>{t('policies.actions', { name: '' })}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {policies.map((policy) => (
          <Table.Tr key={policy.id}>
            <Table.Td>
              <Anchor component={Link} to={links.policyEditor(policy.id)} state={state} fw={500} size="sm">
                {policy.name}
              </Anchor>
              {policy.description && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {policy.description}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{t(`policies.nodeClass.${policy.nodeClass}`)}</Text>
            </Table.Td>
            <Table.Td>
              {policy.parentPolicyId !== null ? (
                <Anchor
                  component={Link}
                  to={links.policyEditor(policy.parentPolicyId)}
                  state={state}
                  size="sm"
                >
                  {policy.parentPolicyName}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('policies.none')}
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right">{policy.conditionCount}</Table.Td>
            <Table.Td ta="right">{policy.deviceCount.toLocaleString()}</Table.Td>
            <Table.Td>
              <RelativeTime value={policy.updateTime} size="sm" c="dimmed" />
            </Table.Td>
            <Table.Td>
              <Group
                gap={4}
                wrap="nowrap"
                role="group"
                aria-label={t('policies.actions', { name: policy.name })}
              >
                <Tooltip label={t('policies.edit', { name: policy.name })}>
                  <ActionIcon
                    component={Link}
                    to={links.policyEditor(policy.id)}
                    state={state}
                    variant="subtle"
                    aria-label={t('policies.edit', { name: policy.name })}
                  >
                    <IconEdit size={16} />
                  </ActionIcon>
                </Tooltip>
                <LabelledActionIcon
                  label={t('policies.delete', { name: policy.name })}
                  color="red"
                  disabled={!canManage}
                  onClick={() => onDelete(policy)}
                >
                  <IconTrash size={16} />
                </LabelledActionIcon>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};

/** `/administration/policies/agent`: the policies, searched by name and filtered by device class. */
export const PoliciesPage = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const params = useListParams();
  const policies = usePoliciesQuery({
    page: params.page,
    pageSize: PAGE_SIZE,
    search: params.search,
    nodeClass: params.nodeClass,
  });
  const canManage = useHasPermission('policies.manage');
  const [searchText, setSearchText] = useState(params.search ?? '');
  const applySearch = useDebouncedCallback(params.setSearch, 300);
  const confirmDelete = useDeletePolicy();
  const filtered = params.search !== undefined || params.nodeClass !== undefined;

  return (
    <>
      <PageHeader
        title={t('policies.title')}
        actions={
          canManage && (
            <Button
              component={Link}
              to={links.policyEditor('new')}
              state={{ from: `${location.pathname}${location.search}` }}
              leftSection={<IconPlus size={16} />}
            >
              {t('policies.new')}
            </Button>
          )
        }
      />
      <Text c="dimmed" mb="md" maw={900}>
        {t('policies.intro')}
      </Text>
      <Group mb="md" align="flex-end">
        <TextInput
          label={t('policies.searchLabel')}
          placeholder={t('policies.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          w={300}
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
        />
        <Select
          label={t('policies.classFilter')}
          w={260}
          data={[
            { value: '', label: t('policies.allClasses') },
            ...nodeClasses.map((nodeClass) => ({
              value: nodeClass,
              label: t(`policies.nodeClass.${nodeClass}`),
            })),
          ]}
          value={params.nodeClass ?? ''}
          allowDeselect={false}
          onChange={params.setClass}
        />
      </Group>
      <QueryState query={policies}>
        {(result) =>
          result.count === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">{filtered ? t('policies.noMatches') : t('policies.empty')}</Text>
            </Paper>
          ) : (
            <Paper withBorder style={{ opacity: policies.isPlaceholderData ? 0.6 : 1 }}>
              <PoliciesTable policies={result.data} canManage={canManage} onDelete={confirmDelete} />
              <ListFooter
                count={result.count}
                page={params.page}
                pageSize={PAGE_SIZE}
                onPageChange={params.setPage}
              />
            </Paper>
          )
        }
      </QueryState>
    </>
  );
};
