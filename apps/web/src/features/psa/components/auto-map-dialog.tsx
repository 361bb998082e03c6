import { Alert, Button, Center, Checkbox, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePsaAutoMapMutation, usePsaAutoMapPreviewMutation } from '../queries.ts';
import { failureText } from './failure-text.ts';

/**
 * Spec §4 auto-map, previewed: the unmapped organizations whose name equals one company's, each to confirm.
 * Nothing is mapped until the user confirms; the server checks each match again.
 */
export const AutoMapDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const preview = usePsaAutoMapPreviewMutation();
  const apply = usePsaAutoMapMutation();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const { mutate: loadPreview } = preview;
  useEffect(() => {
    loadPreview(undefined, {
      onSuccess: (data) => setSelected(new Set(data.matches.map((m) => m.clientId))),
    });
  }, [loadPreview]);
  const matches = preview.data?.matches ?? [];
  const toggle = (clientId: number, isOn: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isOn) next.add(clientId);
      else next.delete(clientId);
      return next;
    });
  const confirm = () =>
    apply.mutate(
      {
        matches: matches
          .filter((match) => selected.has(match.clientId))
          .map((match) => ({ clientId: match.clientId, companyId: match.companyId })),
      },
      {
        onSuccess: (result) => {
          notifications.show({
            color: 'green',
            message: t('psa.autoMap.done', { mapped: result.mapped.length, skipped: result.skipped.length }),
          });
          onClose();
        },
      },
    );
  const error = preview.error ?? apply.error;
  return (
    <Modal opened onClose={onClose} title={t('psa.autoMap.title')} size="lg">
      <Stack>
        {preview.isPending && (
          <Center py="md">
            <Loader aria-label={t('app.loading')} />
          </Center>
        )}
        {error && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            title={messages.psaMapping.autoMapError}
            role="alert"
          >
            {failureText(error, messages.psaMapping.autoMapError)}
          </Alert>
        )}
        {preview.isSuccess && matches.length === 0 && <Text>{t('psa.autoMap.empty')}</Text>}
        {matches.length > 0 && (
          <>
            <Text size="sm">{t('psa.autoMap.intro')}</Text>
            <Checkbox
              label={t('psa.autoMap.selectAll')}
              checked={selected.size === matches.length}
              indeterminate={selected.size > 0 && selected.size < matches.length}
              onChange={(event) =>
                setSelected(event.currentTarget.checked ? new Set(matches.map((m) => m.clientId)) : new Set())
              }
            />
            <Table aria-label={t('psa.autoMap.tableLabel')} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40} />
                  <Table.Th>{t('psa.mappings.column.client')}</Table.Th>
                  <Table.Th>{t('psa.mappings.column.company')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {matches.map((match) => (
                  <Table.Tr key={match.clientId}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('psa.autoMap.select', { name: match.clientName })}
                        checked={selected.has(match.clientId)}
                        onChange={(event) => toggle(match.clientId, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>{match.clientName}</Table.Td>
                    <Table.Td>{match.companyName}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {matches.length > 0 && (
            <Button onClick={confirm} loading={apply.isPending} disabled={selected.size === 0}>
              {t('psa.autoMap.confirm', { count: selected.size })}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
};
