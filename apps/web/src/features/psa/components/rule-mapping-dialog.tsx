import { ActionIcon, Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  hasDuplicateRuleTargets,
  messages,
  type PsaConfigurationTypeMapping,
  type PsaProductMapping,
  psaFailureMessages,
  psaMessages,
} from '@rmm/domain';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNodeRolesQuery } from '../../../lib/node-roles.ts';
import {
  usePsaCatalogQuery,
  usePsaConfigurationStatusesQuery,
  usePsaConfigurationTypesQuery,
  usePsaGroupsQuery,
  useSavePsaConfigurationTypeMappingMutation,
  useSavePsaProductMappingMutation,
} from '../queries.ts';
import { failureText } from './failure-text.ts';

export type RuleKind = 'product' | 'configurationType';
type Rule = { nodeRoleId: string | null; groupId: string | null; targetId: string | null };
type Form = { name: string; statusOnCreateId: string | null; statusOnDeleteId: string | null; rules: Rule[] };

const text = (id: number | null) => (id === null ? null : String(id));

const formOf = (mapping: PsaProductMapping | PsaConfigurationTypeMapping | undefined): Form => ({
  name: mapping?.name ?? '',
  statusOnCreateId: mapping && 'statusOnCreateId' in mapping ? text(mapping.statusOnCreateId) : null,
  statusOnDeleteId: mapping && 'statusOnDeleteId' in mapping ? text(mapping.statusOnDeleteId) : null,
  rules: mapping?.rules.map((rule) => ({
    nodeRoleId: String(rule.nodeRoleId),
    groupId: text(rule.groupId),
    targetId: String('catalogItemId' in rule ? rule.catalogItemId : rule.configurationTypeId),
  })) ?? [{ nodeRoleId: null, groupId: null, targetId: null }],
});

const Failure = ({ error, title }: { error: Error; title: string }) => (
  <Alert color="red" icon={<IconAlertCircle size={18} />} title={title} role="alert">
    {failureText(error, title)}
  </Alert>
);

/** A product or configuration-type mapping: its name, (statuses,) and rules of role, group and target. */
export const RuleMappingDialog = ({
  kind,
  mapping,
  onClose,
}: {
  kind: RuleKind;
  mapping: PsaProductMapping | PsaConfigurationTypeMapping | undefined;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const isProduct = kind === 'product';
  const [form, setForm] = useState(() => formOf(mapping));
  const [error, setError] = useState<string | null>(null);
  const roles = useNodeRolesQuery();
  const groups = usePsaGroupsQuery();
  const catalog = usePsaCatalogQuery(isProduct);
  const types = usePsaConfigurationTypesQuery(!isProduct);
  const statuses = usePsaConfigurationStatusesQuery(!isProduct);
  const saveProduct = useSavePsaProductMappingMutation();
  const saveType = useSavePsaConfigurationTypeMappingMutation();
  const save = isProduct ? saveProduct : saveType;
  const roleOptions = (roles.data ?? []).map((role) => ({ value: String(role.id), label: role.name }));
  const groupOptions = [
    { value: '', label: t('psa.rules.anyGroup') },
    ...(groups.data ?? []).map((group) => ({ value: String(group.id), label: group.search })),
  ];
  const targetOptions = isProduct
    ? (catalog.data?.catalogItemList ?? []).map((item) => ({
        value: String(item.id),
        label: item.description ? `${item.identifier} — ${item.description}` : item.identifier,
      }))
    : (types.data?.configurationTypeList ?? []).map((type) => ({ value: String(type.id), label: type.name }));
  const statusOptions = (statuses.data?.configurationStatusList ?? []).map((s) => ({
    value: String(s.id),
    label: s.name,
  }));
  const setRule = (index: number, change: Partial<Rule>) =>
    setForm((current) => ({
      ...current,
      rules: current.rules.map((rule, i) => (i === index ? { ...rule, ...change } : rule)),
    }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const rules = form.rules.filter((rule) => rule.nodeRoleId && rule.targetId);
    if (form.name.trim() === '' || rules.length === 0) return setError(messages.validation.mandatory);
    const targets = rules.map((rule) => ({
      nodeRoleId: Number(rule.nodeRoleId),
      groupId: rule.groupId ? Number(rule.groupId) : null,
    }));
    if (hasDuplicateRuleTargets(targets)) return setError(psaMessages.DUPLICATE_ROLE);
    setError(null);
    const done = {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('psa.rules.saved') });
        onClose();
      },
    };
    if (isProduct)
      saveProduct.mutate(
        {
          ...(mapping ? { id: mapping.id } : {}),
          body: {
            name: form.name,
            rules: rules.map((rule, i) => ({ ...targets[i]!, catalogItemId: Number(rule.targetId) })),
          },
        },
        done,
      );
    else
      saveType.mutate(
        {
          ...(mapping ? { id: mapping.id } : {}),
          body: {
            name: form.name,
            statusOnCreateId: form.statusOnCreateId ? Number(form.statusOnCreateId) : null,
            statusOnDeleteId: form.statusOnDeleteId ? Number(form.statusOnDeleteId) : null,
            rules: rules.map((rule, i) => ({ ...targets[i]!, configurationTypeId: Number(rule.targetId) })),
          },
        },
        done,
      );
  };

  const listFailure = isProduct ? catalog : types;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(mapping ? 'psa.rules.dialogEdit' : 'psa.rules.dialogNew')}
      size="xl"
    >
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            {groups.isError && <Failure error={groups.error} title={messages.groups.fetchError} />}
            {listFailure.isError && (
              <Failure
                error={listFailure.error}
                title={isProduct ? psaFailureMessages.catalog : psaFailureMessages.configurationTypes}
              />
            )}
            {statuses.isError && (
              <Failure error={statuses.error} title={psaFailureMessages.configurationStatuses} />
            )}
            <TextInput
              label={t('psa.rules.name')}
              required
              value={form.name}
              onChange={(event) => {
                const name = event.currentTarget.value;
                setForm((current) => ({ ...current, name }));
              }}
            />
            {!isProduct && (
              <Group grow>
                <Select
                  label={t('psa.rules.statusOnCreate')}
                  data={statusOptions}
                  value={form.statusOnCreateId}
                  clearable
                  onChange={(value) => setForm((current) => ({ ...current, statusOnCreateId: value }))}
                />
                <Select
                  label={t('psa.rules.statusOnDelete')}
                  data={statusOptions}
                  value={form.statusOnDeleteId}
                  clearable
                  onChange={(value) => setForm((current) => ({ ...current, statusOnDeleteId: value }))}
                />
              </Group>
            )}
            {form.rules.map((rule, index) => {
              const n = index + 1;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id of their own; the order is the identity.
                <Group key={index} align="flex-end" wrap="nowrap">
                  <Select
                    label={t('psa.rules.role')}
                    aria-label={`${t('psa.rules.ruleN', { n })}: ${t('psa.rules.role')}`}
                    data={roleOptions}
                    value={rule.nodeRoleId}
                    searchable
                    onChange={(value) => setRule(index, { nodeRoleId: value })}
                    style={{ flex: 1 }}
                  />
                  <Select
                    label={t('psa.rules.group')}
                    aria-label={`${t('psa.rules.ruleN', { n })}: ${t('psa.rules.group')}`}
                    data={groupOptions}
                    value={rule.groupId ?? ''}
                    onChange={(value) => setRule(index, { groupId: value || null })}
                    style={{ flex: 1 }}
                  />
                  <Select
                    label={t(isProduct ? 'psa.rules.product' : 'psa.rules.configurationType')}
                    aria-label={`${t('psa.rules.ruleN', { n })}: ${t(isProduct ? 'psa.rules.product' : 'psa.rules.configurationType')}`}
                    data={targetOptions}
                    value={rule.targetId}
                    searchable
                    onChange={(value) => setRule(index, { targetId: value })}
                    style={{ flex: 1.4 }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mb={4}
                    aria-label={t('psa.rules.removeRule', { n })}
                    disabled={form.rules.length === 1}
                    onClick={() =>
                      setForm((current) => ({
                        ...current,
                        rules: current.rules.filter((_, i) => i !== index),
                      }))
                    }
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              );
            })}
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() =>
                  setForm((current) => ({
                    ...current,
                    rules: [...current.rules, { nodeRoleId: null, groupId: null, targetId: null }],
                  }))
                }
              >
                {t('psa.rules.addRule')}
              </Button>
            </Group>
            {(error || save.isError) && (
              <Alert color="red" role="alert">
                {error ?? save.error?.message}
              </Alert>
            )}
            <Text size="xs" c="dimmed">
              {t(isProduct ? 'psa.rules.products.intro' : 'psa.rules.configurationTypes.intro')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Modal>
  );
};
