import { Anchor, Badge, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import type { Script } from '@rmm/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { useScriptVersionQuery, useScriptVersionsQuery } from '../queries.ts';
import { CodeEditor } from './code-editor.tsx';
import { ParameterList } from './parameter-list.tsx';

/** The script's saved versions, newest first; any one opens read-only. */
export const ScriptVersions = ({ script }: { script: Script }) => {
  const { t } = useTranslation();
  const query = useScriptVersionsQuery(script.id);
  const [viewing, setViewing] = useState<number>();
  return (
    <>
      <QueryState query={query}>
        {(versions) =>
          versions.length === 0 ? (
            <Text c="dimmed">{t('scripts.versions.empty')}</Text>
          ) : (
            <Paper withBorder>
              <Table striped verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('scripts.versions.version')}</Table.Th>
                    <Table.Th>{t('scripts.versions.when')}</Table.Th>
                    <Table.Th>{t('scripts.versions.who')}</Table.Th>
                    <Table.Th>{t('scripts.versions.note')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...versions]
                    .sort((a, b) => b.version - a.version)
                    .map((version) => (
                      <Table.Tr key={version.version}>
                        <Table.Td>
                          <Anchor
                            component="button"
                            type="button"
                            aria-label={t('scripts.versions.view', { version: version.version })}
                            onClick={() => setViewing(version.version)}
                          >
                            {version.version}
                          </Anchor>
                          {version.version === script.version && (
                            <Badge ml="xs" size="xs" variant="light">
                              {t('scripts.versions.current')}
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <RelativeTime value={version.createdAt} size="sm" />
                        </Table.Td>
                        <Table.Td>{version.createdBy ?? '–'}</Table.Td>
                        <Table.Td>{version.note}</Table.Td>
                      </Table.Tr>
                    ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )
        }
      </QueryState>
      <Modal
        opened={viewing !== undefined}
        onClose={() => setViewing(undefined)}
        size="xl"
        title={t('scripts.versions.title', { name: script.name, version: viewing })}
      >
        {viewing !== undefined && <VersionView scriptId={script.id} version={viewing} />}
      </Modal>
    </>
  );
};

const VersionView = ({ scriptId, version }: { scriptId: number; version: number }) => {
  const { t } = useTranslation();
  const query = useScriptVersionQuery(scriptId, version);
  return (
    <QueryState query={query}>
      {(stored) => (
        <Stack>
          {stored.note && <Text size="sm">{stored.note}</Text>}
          <CodeEditor
            label={t('scripts.field.code')}
            value={stored.code}
            language={stored.language}
            readOnly
          />
          <ParameterList parameters={stored.parameters} />
        </Stack>
      )}
    </QueryState>
  );
};
