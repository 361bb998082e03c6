import { Alert, Badge, Button, Group, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Script } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.tsx';
import { ApiError } from '../../../lib/api.ts';
import { scriptErrorMessage } from '../error-message.ts';
import { isScriptId, useDeleteScriptMutation, useSaveScriptMutation, useScriptQuery } from '../queries.ts';
import {
  type ScriptFormValues,
  toSaveScriptRequest,
  toScriptFormValues,
  validateScriptForm,
} from '../script-form-values.ts';
import { DeleteScriptButton } from './delete-script-button.tsx';
import { ScriptFields } from './script-fields.tsx';
import { ScriptVersions } from './script-versions.tsx';

const fieldsetStyle = { border: 0, padding: 0, margin: 0, minWidth: 0 };

/** `/editor/script/:id`; `new` writes a new script. */
export const ScriptEditor = () => {
  const { id = 'new' } = useParams();
  if (id === 'new') return <ScriptForm />;
  if (!isScriptId(id)) return <NotFoundPage />;
  return <ExistingScript id={Number(id)} key={id} />;
};

const ExistingScript = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  const query = useScriptQuery(id);
  return (
    <QueryState query={query} notFoundTitle={t('scripts.editor.notFound')}>
      {(script) => <ScriptForm script={script} />}
    </QueryState>
  );
};

/** The script's form; read-only without scripts.manage (the server refuses changes too). */
const ScriptForm = ({ script }: { script?: Script }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const canManage = useHasPermission('scripts.manage');
  const readOnly = !canManage;
  const save = useSaveScriptMutation(script?.id);
  const remove = useDeleteScriptMutation();
  const [tab, setTab] = useState<string | null>('script');
  const validate = useMemo(
    () =>
      validateScriptForm({
        mandatory: t('spec.validation.mandatory'),
        operatingSystems: t('scripts.validation.operatingSystems'),
        number: t('scripts.validation.number'),
      }),
    [t],
  );
  const form = useForm<ScriptFormValues>({ initialValues: toScriptFormValues(script), validate });
  const guard = useUnsavedChangesGuard(!readOnly && form.isDirty());

  const submit = form.onSubmit(
    async (values) => {
      const saved = await save.mutateAsync(toSaveScriptRequest(values)).catch((error: Error) => {
        if (error instanceof ApiError && error.code === 'SCRIPT_NAME_TAKEN')
          form.setFieldError('name', scriptErrorMessage(error, t));
        return undefined;
      });
      if (!saved) return;
      notifications.show({ color: 'green', message: t('scripts.saved') });
      const next = toScriptFormValues(saved);
      form.setInitialValues(next);
      form.setValues(next);
      if (!script) {
        guard.allowNextNavigation();
        navigate(links.scriptEditor(saved.id), { replace: true, state: location.state });
      }
    },
    // Saved from the Versions tab with a field wrong: the Script tab shows what to fix.
    () => setTab('script'),
  );

  const error = save.error && !(save.error instanceof ApiError && save.error.code === 'SCRIPT_NAME_TAKEN');
  return (
    <form onSubmit={submit} noValidate>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Group gap="sm">
          <Title order={2}>
            {script ? t('scripts.editor.title', { name: script.name }) : t('scripts.editor.new')}
          </Title>
          {script && (
            <Badge variant="light">{t('scripts.editor.versionBadge', { version: script.version })}</Badge>
          )}
        </Group>
        {!readOnly && (
          <Group>
            {script && (
              <DeleteScriptButton script={script} remove={remove} onDeleted={guard.allowNextNavigation} />
            )}
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Group>
      {readOnly && (
        <Alert color="gray" mb="md" icon={<IconLock size={18} />}>
          {t('scripts.editor.readOnly')}
        </Alert>
      )}
      {(error || remove.error) && (
        <Alert color="red" mb="md" icon={<IconAlertCircle size={18} />} role="alert">
          {scriptErrorMessage((error ? save.error : remove.error) as Error, t)}
        </Alert>
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="script">{t('scripts.editor.tab.script')}</Tabs.Tab>
          {script && <Tabs.Tab value="versions">{t('scripts.editor.tab.versions')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="script">
          <fieldset disabled={readOnly || save.isPending} style={fieldsetStyle}>
            <Stack gap="lg">
              <ScriptFields form={form} readOnly={readOnly} />
              {!readOnly && (
                <TextInput
                  label={t('scripts.field.versionNote')}
                  description={t('scripts.field.versionNoteHint')}
                  {...form.getInputProps('versionNote')}
                />
              )}
            </Stack>
          </fieldset>
        </Tabs.Panel>
        {script && (
          <Tabs.Panel value="versions">
            <ScriptVersions script={script} />
          </Tabs.Panel>
        )}
      </Tabs>
    </form>
  );
};
