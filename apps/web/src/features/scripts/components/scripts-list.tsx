import { Alert, Anchor, Badge, Button, Paper, Table, Text } from '@mantine/core';
import { type ScriptSummary, scriptCategoryLabels, scriptLanguageLabels } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ListFooter } from '../../../components/list-footer.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { useScriptsQuery } from '../queries.ts';
import { useScriptListParams } from '../use-script-list-params.ts';
import { OperatingSystemBadges } from './operating-system-badges.tsx';
import { ScriptFilters } from './script-filters.tsx';

/** The library: searchable and filtered, a page at a time; a row opens the script's editor. */
export const ScriptsList = () => {
  const { t } = useTranslation();
  const { params, filters, setFilter, setPage } = useScriptListParams();
  const query = useScriptsQuery(params);
  const isFiltered = Object.values(filters).some((value) => value !== undefined);
  return (
    <>
      <ScriptFilters filters={filters} onChange={setFilter} />
      {query.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('scripts.loadError')} role="alert">
          {query.error.message}{' '}
          <Button size="xs" variant="subtle" onClick={() => query.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        <QueryState query={query}>
          {(result) =>
            result.count === 0 ? (
              <Paper withBorder p="xl" ta="center">
                <Text c="dimmed">{isFiltered ? t('common.noResults') : t('scripts.empty')}</Text>
              </Paper>
            ) : (
              <Paper withBorder>
                <ScriptsTable scripts={result.data} />
                <ListFooter
                  count={result.count}
                  page={params.page}
                  pageSize={params.pageSize}
                  onPageChange={setPage}
                />
              </Paper>
            )
          }
        </QueryState>
      )}
    </>
  );
};

const ScriptsTable = ({ scripts }: { scripts: ScriptSummary[] }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const from = { from: location.pathname + location.search };
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('scripts.column.name')}</Table.Th>
            <Table.Th>{t('scripts.column.category')}</Table.Th>
            <Table.Th>{t('scripts.column.language')}</Table.Th>
            <Table.Th>{t('scripts.column.operatingSystems')}</Table.Th>
            <Table.Th>{t('scripts.column.version')}</Table.Th>
            <Table.Th>{t('scripts.column.updated')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {scripts.map((script) => (
            <Table.Tr
              key={script.id}
              style={{ cursor: 'pointer' }}
              onClick={() => navigate(links.scriptEditor(script.id), { state: from })}
            >
              <Table.Td>
                <Anchor
                  component={Link}
                  to={links.scriptEditor(script.id)}
                  state={from}
                  fw={500}
                  onClick={(event) => event.stopPropagation()}
                >
                  {script.name}
                </Anchor>
                {script.description && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {script.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{scriptCategoryLabels[script.category]}</Table.Td>
              <Table.Td>{scriptLanguageLabels[script.language]}</Table.Td>
              <Table.Td>
                <OperatingSystemBadges value={script.operatingSystems} />
              </Table.Td>
              <Table.Td>
                <Badge variant="default" size="sm">
                  {t('scripts.column.versionValue', { version: script.version })}
                </Badge>
              </Table.Td>
              <Table.Td>
                <RelativeTime value={script.updatedAt} size="sm" />
                {script.updatedBy && (
                  <Text size="xs" c="dimmed">
                    {script.updatedBy}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
