import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ScriptParameter } from '@rmm/domain';
import { useTranslation } from 'react-i18next';

/** Parameters shown read-only (a template, an older version), in the order they are passed. */
export const ParameterList = ({ parameters }: { parameters: readonly ScriptParameter[] }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={4}>{t('scripts.parameters')}</Title>
      {parameters.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('scripts.parameters.none')}
        </Text>
      ) : (
        <Table verticalSpacing="xs" aria-label={t('scripts.parameters')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('scripts.parameters.name')}</Table.Th>
              <Table.Th>{t('scripts.parameters.type')}</Table.Th>
              <Table.Th>{t('scripts.parameters.default')}</Table.Th>
              <Table.Th>{t('scripts.parameters.description')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {parameters.map((parameter) => (
              <Table.Tr key={parameter.name}>
                <Table.Td>
                  <Group gap="xs">
                    <Text size="sm" ff="monospace">
                      {parameter.name}
                    </Text>
                    {parameter.label && (
                      <Text size="sm" c="dimmed">
                        {parameter.label}
                      </Text>
                    )}
                    {parameter.required && (
                      <Badge size="xs" variant="light" color="red">
                        {t('scripts.parameters.requiredBadge')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {t(`scripts.parameters.type.${parameter.type}`)}
                  {parameter.type === 'OPTION' && (
                    <Text size="xs" c="dimmed">
                      {parameter.options.join(', ')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{parameter.defaultValue || '–'}</Table.Td>
                <Table.Td>{parameter.description}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
};
