import { Button, Group, Paper, Table, Text } from '@mantine/core';
import { scriptCategoryLabels, scriptLanguageLabels } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { useScriptTemplatesQuery } from '../queries.ts';
import { OperatingSystemBadges } from './operating-system-badges.tsx';
import { UseTemplateButton } from './use-template-button.tsx';

/** The templates shipped with the product: look at one, or copy it into the library. */
export const TemplatesList = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const query = useScriptTemplatesQuery();
  const from = { from: location.pathname + location.search };
  return (
    <QueryState query={query}>
      {(templates) =>
        templates.length === 0 ? (
          <Paper withBorder p="xl" ta="center">
            <Text c="dimmed">{t('scripts.templates.empty')}</Text>
          </Paper>
        ) : (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={860}>
              <Table striped verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('scripts.column.name')}</Table.Th>
                    <Table.Th>{t('scripts.column.category')}</Table.Th>
                    <Table.Th>{t('scripts.column.language')}</Table.Th>
                    <Table.Th>{t('scripts.column.operatingSystems')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {templates.map((template) => (
                    <Table.Tr key={template.id}>
                      <Table.Td>
                        <Text fw={500} size="sm">
                          {template.name}
                        </Text>
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {template.description}
                        </Text>
                      </Table.Td>
                      <Table.Td>{scriptCategoryLabels[template.category]}</Table.Td>
                      <Table.Td>{scriptLanguageLabels[template.language]}</Table.Td>
                      <Table.Td>
                        <OperatingSystemBadges value={template.operatingSystems} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button
                            component={Link}
                            to={links.templateScriptEditor(template.id)}
                            state={from}
                            variant="default"
                            size="xs"
                            leftSection={<IconEye size={14} />}
                            aria-label={t('scripts.templates.viewNamed', { name: template.name })}
                          >
                            {t('scripts.templates.view')}
                          </Button>
                          <UseTemplateButton template={template} withName size="xs" variant="light" />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )
      }
    </QueryState>
  );
};
