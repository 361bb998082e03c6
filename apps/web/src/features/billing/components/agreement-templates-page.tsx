import { Button, Group, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { AgreementTemplate } from '@rmm/domain';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { LabelledActionIcon } from '../../../components/labelled-action-icon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useDeleteTemplateMutation, useTemplatesQuery } from '../queries.ts';
import { AgreementProductNames } from './agreement-product-names.tsx';
import { TemplateDialog } from './template-dialog.tsx';

/** `/administration/billing/agreementTemplates`: the terms and products new agreements start from. */
export const AgreementTemplatesPage = () => {
  const { t } = useTranslation();
  const canManage = useHasPermission('billing.manage');
  const query = useTemplatesQuery();
  const remove = useDeleteTemplateMutation();
  const [editing, setEditing] = useState<AgreementTemplate | 'new' | null>(null);
  const confirmDelete = (template: AgreementTemplate) =>
    modals.openConfirmModal({
      title: t('billing.templates.delete', { name: template.name }),
      children: <Text size="sm">{t('billing.templates.deleteConfirm', { name: template.name })}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(template.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('billing.templates.deleted') }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
  return (
    <>
      <PageHeader
        title={t('billing.templates.title')}
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('billing.templates.new')}
            </Button>
          )
        }
      />
      <QueryState query={query}>
        {({ templates }) =>
          templates.length === 0 ? (
            <Text c="dimmed">{t('billing.templates.empty')}</Text>
          ) : (
            <Paper withBorder>
              <Table striped verticalSpacing="sm" aria-label={t('billing.templates.tableLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('billing.column.name')}</Table.Th>
                    <Table.Th>{t('billing.column.interval')}</Table.Th>
                    <Table.Th>{t('billing.column.includedHours')}</Table.Th>
                    <Table.Th>{t('billing.column.products')}</Table.Th>
                    <Table.Th w={90}>
                      <VisuallyHidden>{t('common.edit')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {templates.map((template) => (
                    <Table.Tr key={template.id}>
                      <Table.Td fw={500}>{template.name}</Table.Td>
                      <Table.Td>{t(`billing.interval.${template.billingInterval}`)}</Table.Td>
                      <Table.Td>{template.includedHours}</Table.Td>
                      <Table.Td>
                        <AgreementProductNames products={template.products} />
                      </Table.Td>
                      <Table.Td>
                        {canManage && (
                          <Group gap={4} wrap="nowrap">
                            <LabelledActionIcon
                              label={t('billing.templates.edit', { name: template.name })}
                              onClick={() => setEditing(template)}
                            >
                              <IconEdit size={16} />
                            </LabelledActionIcon>
                            <LabelledActionIcon
                              label={t('billing.templates.delete', { name: template.name })}
                              color="red"
                              onClick={() => confirmDelete(template)}
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
      {editing && (
        <TemplateDialog template={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
};
