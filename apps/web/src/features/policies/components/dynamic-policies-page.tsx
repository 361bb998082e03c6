import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type DynamicPolicy, DynamicPolicyInput, type SearchCriteria } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconAlertCircle, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { emptyCriteria, isCriteriaComplete } from '../../../components/criteria/criteria.ts';
import { CriteriaBuilder } from '../../../components/criteria/criteria-builder.tsx';
import { describeCriteria } from '../../../components/criteria/describe-criteria.ts';
import { LabelledActionIcon } from '../../../components/labelled-action-icon.tsx';
import { ListFooter } from '../../../components/list-footer.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import {
  useDeleteDynamicPolicyMutation,
  useDynamicPoliciesQuery,
  useSaveDynamicPolicyMutation,
  useSetDynamicPolicyEnabledMutation,
} from '../queries.ts';
import { PolicySelect } from './policy-select.tsx';

const PAGE_SIZE = 50;

type Draft = {
  name: string;
  description: string;
  enabled: boolean;
  criteria: SearchCriteria;
  policyId: number | null;
  order: number | '';
};

const draftOf = (dynamicPolicy?: DynamicPolicy): Draft =>
  dynamicPolicy
    ? {
        name: dynamicPolicy.name,
        description: dynamicPolicy.description,
        enabled: dynamicPolicy.enabled,
        criteria: dynamicPolicy.criteria,
        policyId: dynamicPolicy.policyId,
        order: dynamicPolicy.order,
      }
    : { name: '', description: '', enabled: true, criteria: emptyCriteria(), policyId: null, order: 100 };

const requestOf = (draft: Draft) => ({
  name: draft.name,
  description: draft.description,
  enabled: draft.enabled,
  criteria: draft.criteria,
  policyId: draft.policyId ?? undefined,
  order: draft.order === '' ? undefined : draft.order,
});

/** The domain's messages of a dynamic policy's fields, by field. */
const errorsOf = (draft: Draft) => {
  const result = DynamicPolicyInput.safeParse(requestOf(draft));
  const errors: Record<string, string> = {};
  if (!result.success)
    for (const issue of result.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return errors;
};

const DynamicPolicyDialog = ({
  dynamicPolicy,
  onClose,
}: {
  dynamicPolicy?: DynamicPolicy;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => draftOf(dynamicPolicy));
  const [tried, setTried] = useState(false);
  const save = useSaveDynamicPolicyMutation(dynamicPolicy?.id);
  const errors = tried ? errorsOf(draft) : {};
  const complete = isCriteriaComplete(draft.criteria);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const submit = () => {
    setTried(true);
    if (Object.keys(errorsOf(draft)).length > 0 || !complete) return;
    save.mutate(
      { dynamicPolicy: DynamicPolicyInput.parse(requestOf(draft)), version: dynamicPolicy?.version ?? 0 },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('policies.dynamic.saved') });
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={dynamicPolicy ? t('policies.dynamic.dialogEdit') : t('policies.dynamic.dialogNew')}
    >
      <Stack gap="sm">
        {save.error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {save.error.message}
          </Alert>
        )}
        <TextInput
          label={t('policies.name')}
          withAsterisk
          value={draft.name}
          error={errors.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
        />
        <Textarea
          label={t('policies.description')}
          rows={2}
          value={draft.description}
          error={errors.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
        />
        <Group align="flex-start" grow>
          <PolicySelect
            label={t('policies.dynamic.policy')}
            withAsterisk
            value={draft.policyId}
            error={errors.policyId}
            onChange={(policyId) => set({ policyId })}
          />
          <NumberInput
            label={t('policies.dynamic.order')}
            description={t('policies.dynamic.orderHint')}
            allowDecimal={false}
            clampBehavior="none"
            value={draft.order}
            error={errors.order}
            onChange={(next) => set({ order: typeof next === 'number' ? next : '' })}
          />
        </Group>
        <Switch
          label={t('policies.dynamic.enabled')}
          checked={draft.enabled}
          onChange={(event) => set({ enabled: event.currentTarget.checked })}
        />
        <Text size="sm" fw={500}>
          {t('policies.dynamic.criteria')}
        </Text>
        <Paper withBorder p="sm">
          <CriteriaBuilder value={draft.criteria} onChange={(criteria) => set({ criteria })} />
        </Paper>
        {tried && !complete && (
          <Text size="sm" c="red">
            {t('policies.dynamic.incomplete')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

/** `/administration/dynamicPolicies`: policies layered on the devices criteria match, in their order. */
export const DynamicPoliciesPage = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useDynamicPoliciesQuery({ page, pageSize: PAGE_SIZE });
  const canManage = useHasPermission('policies.manage');
  const [editing, setEditing] = useState<{ dynamicPolicy?: DynamicPolicy } | null>(null);
  const setEnabled = useSetDynamicPolicyEnabledMutation();
  const remove = useDeleteDynamicPolicyMutation();
  const toggle = (d: DynamicPolicy, enabled: boolean) =>
    setEnabled.mutate(
      { dynamicPolicy: d, enabled },
      { onError: (error) => notifications.show({ color: 'red', message: error.message }) },
    );
  const confirmDelete = (d: DynamicPolicy) =>
    modals.openConfirmModal({
      title: t('policies.dynamic.deleteTitle', { name: d.name }),
      children: <Text size="sm">{t('policies.dynamic.deleteBody')}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(d.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('policies.dynamic.deleted') }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });

  return (
    <>
      <PageHeader
        title={t('policies.dynamic.title')}
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
              {t('policies.dynamic.new')}
            </Button>
          )
        }
      />
      <Text c="dimmed" mb="md" maw={900}>
        {t('policies.dynamic.intro')}
      </Text>
      <QueryState query={query}>
        {(result) =>
          result.count === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">{t('policies.dynamic.empty')}</Text>
            </Paper>
          ) : (
            <Paper withBorder style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
              <Table
                striped
                highlightOnHover
                verticalSpacing="sm"
                aria-label={t('policies.dynamic.tableLabel')}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={80}>{t('policies.dynamic.column.order')}</Table.Th>
                    <Table.Th>{t('policies.dynamic.column.name')}</Table.Th>
                    <Table.Th>{t('policies.dynamic.column.policy')}</Table.Th>
                    <Table.Th>{t('policies.dynamic.column.criteria')}</Table.Th>
                    <Table.Th w={90} ta="right">
                      {t('policies.dynamic.column.devices')}
                    </Table.Th>
                    <Table.Th w={90}>{t('policies.dynamic.column.enabled')}</Table.Th>
                    <Table.Th w={90}>
                      <VisuallyHidden>{t('policies.actions', { name: '' })}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.data.map((d) => (
                    <Table.Tr key={d.id}>
                      <Table.Td>{d.order}</Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {d.name}
                        </Text>
                        {d.description && (
                          <Text size="xs" c="dimmed" lineClamp={1}>
                            {d.description}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={links.policyEditor(d.policyId)}
                          state={{ from: location.pathname }}
                          size="sm"
                        >
                          {d.policyName}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed" lineClamp={2}>
                          {describeCriteria(d.criteria, t)}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{d.deviceCount.toLocaleString()}</Table.Td>
                      <Table.Td>
                        <Switch
                          aria-label={t('policies.dynamic.enable', { name: d.name })}
                          checked={d.enabled}
                          disabled={
                            !canManage ||
                            (setEnabled.isPending && setEnabled.variables?.dynamicPolicy.id === d.id)
                          }
                          onChange={(event) => toggle(d, event.currentTarget.checked)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <LabelledActionIcon
                            label={t('policies.dynamic.edit', { name: d.name })}
                            disabled={!canManage}
                            onClick={() => setEditing({ dynamicPolicy: d })}
                          >
                            <IconEdit size={16} />
                          </LabelledActionIcon>
                          <LabelledActionIcon
                            label={t('policies.dynamic.delete', { name: d.name })}
                            color="red"
                            disabled={!canManage}
                            onClick={() => confirmDelete(d)}
                          >
                            <IconTrash size={16} />
                          </LabelledActionIcon>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <ListFooter
                count={result.count}
                page={page}
                pageSize={PAGE_SIZE}
                onPageChange={(next) =>
                  setParams((current) => {
                    next > 1 ? current.set('page', String(next)) : current.delete('page');
                    return current;
                  })
                }
              />
            </Paper>
          )
        }
      </QueryState>
      {editing && (
        <DynamicPolicyDialog dynamicPolicy={editing.dynamicPolicy} onClose={() => setEditing(null)} />
      )}
    </>
  );
};
