import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { TicketForm } from '@rmm/domain';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledActionIcon } from '../../../components/labelled-action-icon.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useDeleteFormMutation, useTicketFormsQuery } from '../queries.ts';
import { FormDialog } from './form-dialog.tsx';

/** The ticket forms: their fields and timer setting; new, edit and delete for those who manage settings. */
export const FormsSection = ({ canManage }: { canManage: boolean }) => {
  const { t } = useTranslation();
  const query = useTicketFormsQuery();
  const remove = useDeleteFormMutation();
  const [dialog, setDialog] = useState<{ form?: TicketForm } | null>(null);
  const confirmDelete = (form: TicketForm) =>
    modals.openConfirmModal({
      title: t('ticketing.forms.deleteTitle', { name: form.name }),
      children: <Text size="sm">{t('ticketing.forms.deleteBody')}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(form.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('ticketing.forms.deleted') }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed" maw={640}>
          {t('ticketing.settings.explain.forms')}
        </Text>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({})}>
            {t('ticketing.forms.new')}
          </Button>
        )}
      </Group>
      <QueryState query={query} notFoundTitle={t('ticketing.settings.notFound')}>
        {(forms) =>
          forms.length === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">{t('ticketing.forms.empty')}</Text>
            </Paper>
          ) : (
            <Paper withBorder>
              <Table striped verticalSpacing="xs" aria-label={t('ticketing.settings.section.forms')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('ticketing.forms.name')}</Table.Th>
                    <Table.Th>{t('ticketing.forms.fields')}</Table.Th>
                    <Table.Th>{t('ticketing.forms.timer')}</Table.Th>
                    <Table.Th w={100} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {forms.map((form) => (
                    <Table.Tr key={form.id}>
                      <Table.Td>
                        <Group gap="xs">
                          <Text size="sm" fw={500}>
                            {form.name}
                          </Text>
                          {!form.isActive && (
                            <Badge size="xs" color="gray" variant="light">
                              {t('ticketing.settings.inactive')}
                            </Badge>
                          )}
                        </Group>
                        {form.description && (
                          <Text size="xs" c="dimmed" lineClamp={1}>
                            {form.description}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {form.fields.length === 0
                            ? t('ticketing.none')
                            : form.fields.map((field) => field.label).join(', ')}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{t(`ticketing.forms.timerSetting.${form.timer}`)}</Text>
                      </Table.Td>
                      <Table.Td>
                        {canManage && (
                          <Group gap={2} justify="flex-end" wrap="nowrap">
                            <LabelledActionIcon
                              label={t('ticketing.forms.edit', { name: form.name })}
                              onClick={() => setDialog({ form })}
                            >
                              <IconEdit size={16} />
                            </LabelledActionIcon>
                            <LabelledActionIcon
                              label={t('ticketing.forms.delete', { name: form.name })}
                              color="red"
                              onClick={() => confirmDelete(form)}
                            >
                              <IconTrash size={16} />
                            </LabelledActionIcon>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )
        }
      </QueryState>
      {dialog && <FormDialog form={dialog.form} onClose={() => setDialog(null)} />}
    </>
  );
};
