import { Alert, Badge, Button, Loader, Popover, Table, Text } from '@mantine/core';
import { IconDatabase } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatByteSize } from '../../../lib/format.ts';
import { reasonOf } from '../load-error.ts';
import { useVolumesQuery } from '../queries.ts';

const VolumesTable = ({ nodeId, planId }: { nodeId: number; planId: string }) => {
  const { t } = useTranslation();
  const query = useVolumesQuery(nodeId, planId);
  if (query.isPending) return <Loader size="sm" aria-label={t('app.loading')} />;
  if (query.isError)
    return (
      <Alert color="red" p="xs" role="alert" title={t('spec.backup.loadingError')}>
        {reasonOf(query.error, t('spec.backup.loadingError'))}
      </Alert>
    );
  if (query.data.length === 0) return <Text size="sm">{t('backup.volumes.none')}</Text>;
  return (
    <Table verticalSpacing={4} aria-label={t('backup.volumes.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('backup.volumes.mount')}</Table.Th>
          <Table.Th>{t('backup.volumes.used')}</Table.Th>
          <Table.Th aria-label={t('backup.volumes.included')} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {query.data.map((volume) => (
          <Table.Tr key={volume.mount}>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {volume.mount}
              </Text>
              <Text size="xs" c="dimmed">
                {[volume.label, volume.fsType].filter(Boolean).join(' · ')}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {t('backup.volumes.usedOf', {
                  used: formatByteSize(volume.totalBytes - volume.freeBytes),
                  total: formatByteSize(volume.totalBytes),
                })}
              </Text>
            </Table.Td>
            <Table.Td>
              {volume.included && (
                <Badge size="sm" variant="light" color="teal">
                  {t('backup.volumes.included')}
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};

/** The device's volumes and which of them the plan backs up from (spec §7 `…/plans/{planId}/volumes`). */
export const PlanVolumesButton = ({
  nodeId,
  planId,
  planName,
}: {
  nodeId: number;
  planId: string;
  planName: string;
}) => {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <Popover opened={isOpen} onChange={setOpen} width={420} position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconDatabase size={14} />}
          onClick={() => setOpen((open) => !open)}
          aria-label={t('backup.volumes.label', { plan: planName })}
        >
          {t('backup.volumes.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>{isOpen && <VolumesTable nodeId={nodeId} planId={planId} />}</Popover.Dropdown>
    </Popover>
  );
};
