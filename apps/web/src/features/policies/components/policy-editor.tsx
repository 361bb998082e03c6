import { Alert, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type Policy, PolicyInput } from '@rmm/domain';
import { links, type PolicyEditorSection } from '@rmm/domain/links';
import { IconAlertCircle, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useHasPermission, useMeQuery } from '../../../app/session/queries.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.tsx';
import { ApiError } from '../../../lib/api.ts';
import {
  draftOfPolicy,
  emptyDraft,
  noParentItems,
  type ParentItems,
  type PolicyDraft,
  policyInputOf,
} from '../editor-model.ts';
import { useDeletePolicyMutation, usePolicyQuery, useSavePolicyMutation } from '../queries.ts';
import { BackupPlansSection } from './backup-plans-section.tsx';
import { ConditionsSection } from './conditions-section.tsx';
import { PolicyGeneralFields } from './policy-general-fields.tsx';
import { ScheduledScriptsSection } from './scheduled-scripts-section.tsx';

const sections: readonly PolicyEditorSection[] = ['general', 'conditions', 'backup', 'scheduledScripts'];

/** The name and description's messages of the domain's schema, at their fields. */
const fieldErrorsOf = (input: ReturnType<typeof policyInputOf>) => {
  const result = PolicyInput.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key === 'name' || key === 'description') errors[key] ??= issue.message;
  }
  return errors;
};

const NotFound = () => {
  const { t } = useTranslation();
  return (
    <Title order={2} ta="center" py="xl">
      {t('policies.notFound')}
    </Title>
  );
};

/** `/editor/policy/new`, `/editor/policy/:id` and `/editor/policy/:id/<conditions|backup|scheduledScripts>`. */
export const PolicyEditor = () => {
  const { t } = useTranslation();
  const { '*': rest = '' } = useParams();
  const [idPart = 'new', sectionPart = 'general', ...extra] = rest.split('/').filter(Boolean);
  const section = sections.find((candidate) => candidate === sectionPart);
  const id = Number(idPart);
  const isExisting = Number.isInteger(id) && id > 0;
  const query = usePolicyQuery(isExisting ? id : undefined);
  if (!section || extra.length > 0) return <NotFound />;
  if (idPart === 'new') return <PolicyEditorView section={section} />;
  if (!isExisting) return <NotFound />;
  return (
    <QueryState query={query} notFoundTitle={t('policies.notFound')}>
      {(policy) => (
        <PolicyEditorView key={policy.id} policy={policy} section={section} reload={() => query.refetch()} />
      )}
    </QueryState>
  );
};

const PolicyEditorView = ({
  policy,
  section,
  reload,
}: {
  policy?: Policy;
  section: PolicyEditorSection;
  reload?: () => Promise<{ data?: Policy }>;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const canManage = useHasPermission('policies.manage');
  const isKnownReadOnly = useMeQuery().data != null && !canManage;
  // The version the draft was read at: a background refetch must not let a save pass over someone's change.
  const [base, setBase] = useState(() => ({
    draft: policy ? draftOfPolicy(policy) : emptyDraft(),
    version: policy?.version ?? 0,
  }));
  const [draft, setDraft] = useState<PolicyDraft>(base.draft);
  const [tried, setTried] = useState(false);
  const save = useSavePolicyMutation(policy?.id);
  const remove = useDeletePolicyMutation();
  const parent = usePolicyQuery(draft.parentPolicyId ?? undefined);
  const parentConditions = draft.parentPolicyId === null ? [] : (parent.data?.effectiveConditions ?? []);
  const parentItems: ParentItems =
    draft.parentPolicyId === null || !parent.data
      ? noParentItems
      : {
          backupPlans: parent.data.effectiveBackupPlans,
          scheduledScripts: parent.data.effectiveScheduledScripts,
        };
  const parentKnown = draft.parentPolicyId === null || parent.data !== undefined;
  const input = policyInputOf(
    draft,
    parentKnown ? parentConditions : undefined,
    parentKnown ? parentItems : undefined,
  );
  const isDirty =
    JSON.stringify(input) !==
    JSON.stringify(
      policyInputOf(
        base.draft,
        parentKnown ? parentConditions : undefined,
        parentKnown ? parentItems : undefined,
      ),
    );
  const editorPath = links.policyEditor(policy?.id ?? 'new');
  const guard = useUnsavedChangesGuard(canManage && isDirty, { within: editorPath });
  const fieldErrors = tried ? fieldErrorsOf(input) : {};
  const conflict = save.error instanceof ApiError && save.error.code === 'POLICY_VERSION_CONFLICT';
  const nameTaken = save.error instanceof ApiError && save.error.code === 'POLICY_NAME_TAKEN';
  const readOnly = !canManage || save.isPending;

  const goTo = (next: string | null) =>
    navigate(links.policyEditor(policy?.id ?? 'new', (next ?? 'general') as PolicyEditorSection), {
      replace: true,
      state: location.state,
    });

  const submit = async () => {
    setTried(true);
    if (Object.keys(fieldErrorsOf(input)).length > 0) {
      if (section !== 'general') goTo('general');
      return;
    }
    const saved = await save.mutateAsync({ policy: input, version: base.version }).catch(() => undefined);
    if (!saved) return;
    notifications.show({ color: 'green', message: t('policies.editor.saved') });
    const next = { draft: draftOfPolicy(saved), version: saved.version };
    setBase(next);
    setDraft(next.draft);
    if (!policy) {
      guard.allowNextNavigation();
      navigate(links.policyEditor(saved.id, section), { replace: true, state: location.state });
    }
  };

  const reloadPolicy = async () => {
    const fresh = (await reload?.())?.data;
    if (!fresh) return;
    const next = { draft: draftOfPolicy(fresh), version: fresh.version };
    setBase(next);
    setDraft(next.draft);
    save.reset();
    notifications.show({ color: 'blue', message: t('policies.editor.reloaded') });
  };

  const confirmDelete = (existing: Policy) =>
    modals.openConfirmModal({
      title: t('policies.deleteTitle', { name: existing.name }),
      children: <Text size="sm">{t('policies.deleteBody')}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(existing.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('policies.deleted') });
            guard.allowNextNavigation();
            navigate(links.policies());
          },
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2}>
          {policy ? t('policies.editor.title', { name: policy.name }) : t('policies.editor.new')}
        </Title>
        {canManage && (
          <Group wrap="nowrap">
            {policy && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => confirmDelete(policy)}
              >
                {t('common.delete')}
              </Button>
            )}
            <Button onClick={submit} loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Group>
      {isKnownReadOnly && <Alert color="gray">{t('policies.editor.readOnly')}</Alert>}
      {save.error && !nameTaken && (
        <Alert color={conflict ? 'orange' : 'red'} icon={<IconAlertCircle size={18} />} role="alert">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{save.error.message}</Text>
            {conflict && (
              <Button
                size="xs"
                variant="white"
                leftSection={<IconRefresh size={14} />}
                onClick={reloadPolicy}
              >
                {t('policies.editor.conflict')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      <Tabs value={section} onChange={goTo}>
        <Tabs.List mb="md">
          <Tabs.Tab value="general">{t('policies.editor.general')}</Tabs.Tab>
          <Tabs.Tab value="conditions">{t('policies.editor.conditions')}</Tabs.Tab>
          <Tabs.Tab value="backup">{t('policies.editor.backup')}</Tabs.Tab>
          <Tabs.Tab value="scheduledScripts">{t('policies.editor.scheduledScripts')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="general">
          <PolicyGeneralFields
            draft={draft}
            onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
            errors={{ ...fieldErrors, ...(nameTaken ? { name: save.error?.message } : {}) }}
            parentConditions={parentKnown ? parentConditions : undefined}
            parentItems={parentKnown ? parentItems : undefined}
            selfId={policy?.id}
            readOnly={readOnly}
          />
        </Tabs.Panel>
        <Tabs.Panel value="conditions">
          {section === 'conditions' && (
            <ConditionsSection
              draft={draft}
              onDraft={(change) => setDraft(change)}
              parentConditions={parentConditions}
              selfName={draft.name.trim() || t('policies.editor.new')}
              saved={policy}
              readOnly={readOnly}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="backup">
          {section === 'backup' && (
            <BackupPlansSection
              draft={draft}
              onDraft={(change) => setDraft(change)}
              parentPlans={parentItems.backupPlans}
              selfName={draft.name.trim() || t('policies.editor.new')}
              readOnly={readOnly}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="scheduledScripts">
          {section === 'scheduledScripts' && (
            <ScheduledScriptsSection
              draft={draft}
              onDraft={(change) => setDraft(change)}
              parentScripts={parentItems.scheduledScripts}
              selfName={draft.name.trim() || t('policies.editor.new')}
              readOnly={readOnly}
            />
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};
