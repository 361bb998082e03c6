import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { useScheduledTaskQuery } from '../queries.ts';
import { type TaskEditorTab, TaskEditorView } from './task-editor-view.tsx';

const tabs: readonly TaskEditorTab[] = ['general', 'history'];

/** `/editor/scheduledTask/new`, `/editor/scheduledTask/:id` and `/editor/scheduledTask/:id/history`. */
export const ScheduledTaskEditor = () => {
  const { t } = useTranslation();
  const { '*': rest = '' } = useParams();
  const [idPart = 'new', tabPart = 'general'] = rest.split('/').filter(Boolean);
  const id = Number(idPart);
  const query = useScheduledTaskQuery(id);
  const tab = tabs.find((candidate) => candidate === tabPart);
  if (idPart === 'new' && tab === 'general') return <TaskEditorView tab="general" />;
  if (!Number.isInteger(id) || id <= 0 || !tab)
    return (
      <Title order={2} ta="center" py="xl">
        {t('scheduledTasks.notFound')}
      </Title>
    );
  return (
    <QueryState query={query} notFoundTitle={t('scheduledTasks.notFound')}>
      {(task) => <TaskEditorView task={task} tab={tab} key={task.id} />}
    </QueryState>
  );
};
