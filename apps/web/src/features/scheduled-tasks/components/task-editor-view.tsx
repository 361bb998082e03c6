import { Alert, Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ScheduledTask, Script } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconAlertCircle, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useHasPermission, useMeQuery } from '../../../app/session/queries.ts';
import { useSaveScheduledTaskMutation, useScriptsQueries } from '../queries.ts';
import { newTaskValues, requestOfValues, type TaskFormValues, valuesOfTask } from '../task-form.ts';
import { useTaskCommands } from '../use-task-commands.tsx';
import { userTimeZone } from '../user-time-zone.ts';
import { validateTask } from '../validate-task.ts';
import { TaskGeneralFields } from './task-general-fields.tsx';
import { TaskHistory } from './task-history.tsx';

export type TaskEditorTab = 'general' | 'history';

/** The scripts of the form's actions, by id, loaded with their parameters. */
const useActionScripts = (values: TaskFormValues) => {
  const ids = [...new Set(values.actions.map((action) => action.scriptId))];
  const queries = useScriptsQueries(ids);
  const byId = new Map(ids.map((id, index) => [id, queries[index]!]));
  return byId;
};

/** A task's editor: the general tab (the form) and, once saved, its history. */
export const TaskEditorView = ({ task, tab }: { task?: ScheduledTask; tab: TaskEditorTab }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const canManage = useHasPermission('scheduledTasks.manage');
  // Said once the user's permissions are known, not while they load.
  const isKnownReadOnly = useMeQuery().data != null && !canManage;
  const save = useSaveScheduledTaskMutation(task?.id);
  const commands = useTaskCommands();
  const scripts = useRef(new Map<number, Script>());
  const form = useForm<TaskFormValues>({
    initialValues: task ? valuesOfTask(task) : newTaskValues(userTimeZone()),
    validate: (values) => validateTask(values, scripts.current, t),
  });
  const scriptQueries = useActionScripts(form.values);
  scripts.current = new Map(
    [...scriptQueries].flatMap(([id, query]) => (query.data ? [[id, query.data] as const] : [])),
  );
  const readOnly = !canManage;
  const goTo = (next: string | null) =>
    task &&
    navigate(links.scheduledTaskEditor(task.id, (next ?? 'general') as TaskEditorTab), {
      replace: true,
      state: location.state,
    });

  const submit = form.onSubmit(async (values) => {
    const saved = await save.mutateAsync(requestOfValues(values)).catch(() => undefined);
    if (!saved) return;
    notifications.show({ color: 'green', message: t('scheduledTasks.saved') });
    if (!task) {
      navigate(links.scheduledTaskEditor(saved.id), { replace: true, state: location.state });
      return;
    }
    form.setInitialValues(valuesOfTask(saved));
    form.setValues(valuesOfTask(saved));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Group justify="space-between" mb="md">
        <Title order={2}>
          {task ? t('scheduledTasks.editor.title', { name: task.name }) : t('scheduledTasks.editor.new')}
        </Title>
        {canManage && (
          <Group>
            {task && (
              <>
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => commands.remove(task, () => navigate(links.scheduledTasks()))}
                >
                  {t('common.delete')}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconPlayerPlay size={16} />}
                  loading={commands.isPending}
                  onClick={() => commands.runNow(task, () => goTo('history'))}
                >
                  {t('scheduledTasks.runNow')}
                </Button>
              </>
            )}
            {tab === 'general' && (
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      <Stack gap="md">
        {isKnownReadOnly && <Alert color="gray">{t('scheduledTasks.editor.readOnly')}</Alert>}
        {save.error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {save.error.message}
          </Alert>
        )}
        <Tabs value={tab} onChange={goTo}>
          <Tabs.List mb="md">
            <Tabs.Tab value="general">{t('scheduledTasks.editor.general')}</Tabs.Tab>
            <Tabs.Tab value="history" disabled={!task}>
              {t('scheduledTasks.editor.history')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="general">
            <TaskGeneralFields
              form={form}
              scriptOf={(id) => scriptQueries.get(id)}
              disabled={readOnly || save.isPending}
            />
          </Tabs.Panel>
          {task && (
            <Tabs.Panel value="history">{tab === 'history' && <TaskHistory taskId={task.id} />}</Tabs.Panel>
          )}
        </Tabs>
      </Stack>
    </form>
  );
};
