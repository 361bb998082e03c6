import { Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { helpTooltipIds } from '@rmm/domain/branding';
import { links } from '@rmm/domain/links';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { HelpTooltip } from '../../../components/help-tooltip.tsx';
import { ListFooter } from '../../../components/list-footer.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useScheduledTasksQuery } from '../queries.ts';
import { userTimeZone } from '../user-time-zone.ts';
import { ScheduledTasksTable } from './scheduled-tasks-table.tsx';

const PAGE_SIZE = 25;

/** `/administration/tasks`: the scheduled tasks; search and page live in the URL. */
export const ScheduledTasksPage = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const query = useScheduledTasksQuery({ page, pageSize: PAGE_SIZE, search: search || undefined });
  const canManage = useHasPermission('scheduledTasks.manage');
  const setSearch = useDebouncedCallback(
    (value: string) =>
      setParams((p) => {
        value ? p.set('search', value) : p.delete('search');
        p.delete('page');
        return p;
      }),
    300,
  );
  const from = { from: location.pathname + location.search };

  return (
    <>
      <PageHeader
        title={t('scheduledTasks.title')}
        actions={
          canManage && (
            <Button
              component={Link}
              to={links.scheduledTaskEditor('new')}
              state={from}
              leftSection={<IconPlus size={16} />}
            >
              {t('scheduledTasks.new')}
            </Button>
          )
        }
      />
      <HelpTooltip id={helpTooltipIds.scheduledTasks} title={t('helpTooltip.scheduledTasks.title')}>
        {t('helpTooltip.scheduledTasks.body')}
      </HelpTooltip>
      <Group mb="md" justify="space-between" align="flex-end">
        <TextInput
          w={360}
          aria-label={t('common.search')}
          placeholder={t('scheduledTasks.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          defaultValue={search}
          onChange={(e) => setSearch(e.currentTarget.value.trim())}
        />
        <Text size="sm" c="dimmed">
          {t('scheduledTasks.timesIn', { zone: userTimeZone() })}
        </Text>
      </Group>
      <QueryState query={query}>
        {(result) =>
          result.count === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">{search ? t('common.noResults') : t('scheduledTasks.empty')}</Text>
            </Paper>
          ) : (
            <Paper withBorder>
              <ScheduledTasksTable tasks={result.data} canManage={canManage} from={from} />
              <ListFooter
                count={result.count}
                page={page}
                pageSize={PAGE_SIZE}
                onPageChange={(next) =>
                  setParams((p) => {
                    p.set('page', String(next));
                    return p;
                  })
                }
              />
            </Paper>
          )
        }
      </QueryState>
    </>
  );
};
