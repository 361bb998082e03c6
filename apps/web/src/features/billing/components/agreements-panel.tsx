import { Badge, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Agreement } from '@rmm/domain';
import { IconEdit, IconFileInvoice, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { LabelledActionIcon } from '../../../components/labelled-action-icon.tsx';
import { ListFooter } from '../../../components/list-footer.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useAgreementsQuery, useGenerateInvoicesMutation } from '../queries.ts';
import { AgreementDialog } from './agreement-dialog.tsx';
import { AgreementProductNames } from './agreement-product-names.tsx';

const PAGE_SIZE = 25;
const today = () => new Date().toISOString().slice(0, 10);

const AgreementRow = ({
  agreement,
  canManage,
  onEdit,
}: {
  agreement: Agreement;
  canManage: boolean;
  onEdit: () => void;
}) => {
  const { t } = useTranslation();
  const generate = useGenerateInvoicesMutation();
  const isDue = agreement.isActive && agreement.nextBillDate !== null && agreement.nextBillDate <= today();
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {agreement.name}
        </Text>
        {agreement.description && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {agreement.description}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{t(`billing.interval.${agreement.billingInterval}`)}</Table.Td>
      <Table.Td>{agreement.startDate}</Table.Td>
      <Table.Td>{agreement.nextBillDate ?? '—'}</Table.Td>
      <Table.Td>{agreement.includedHours}</Table.Td>
      <Table.Td>
        <AgreementProductNames products={agreement.products} />
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={agreement.isActive ? 'green' : 'gray'}>
          {agreement.isActive ? t('billing.agreements.active') : t('billing.agreements.inactive')}
        </Badge>
      </Table.Td>
      <Table.Td>
        {canManage && (
          <Group gap={4} wrap="nowrap">
            <LabelledActionIcon
              label={t('billing.agreements.edit', { name: agreement.name })}
              onClick={onEdit}
            >
              <IconEdit size={16} />
            </LabelledActionIcon>
            <LabelledActionIcon
              label={
                isDue
                  ? t('billing.agreements.generate', { name: agreement.name })
                  : t('billing.agreements.notDue')
              }
              disabled={!isDue}
              loading={generate.isPending}
              onClick={() =>
                generate.mutate(
                  { agreementId: agreement.id },
                  {
                    onSuccess: ({ invoices }) =>
                      notifications.show({
                        color: 'green',
                        message: t('billing.agreements.generated', { count: invoices.length }),
                      }),
                    onError: (error) => notifications.show({ color: 'red', message: error.message }),
                  },
                )
              }
            >
              <IconFileInvoice size={16} />
            </LabelledActionIcon>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
};

/** An organization's agreements, with a new one (from a template) and each one's edit and invoicing. */
export const AgreementsPanel = ({ organization }: { organization: { id: number; name: string } }) => {
  const { t } = useTranslation();
  const canManage = useHasPermission('billing.manage');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Agreement | 'new' | null>(null);
  const query = useAgreementsQuery({ organizationId: organization.id, page, pageSize: PAGE_SIZE });
  return (
    <Stack gap="sm">
      {canManage && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('billing.agreements.new')}
          </Button>
        </Group>
      )}
      <QueryState query={query}>
        {(list) =>
          list.count === 0 ? (
            <Text c="dimmed">{t('billing.agreements.empty')}</Text>
          ) : (
            <Paper withBorder>
              <Table.ScrollContainer minWidth={900}>
                <Table
                  striped
                  verticalSpacing="sm"
                  aria-label={t('billing.agreements.tableLabel', { name: organization.name })}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('billing.column.name')}</Table.Th>
                      <Table.Th>{t('billing.column.interval')}</Table.Th>
                      <Table.Th>{t('billing.column.startDate')}</Table.Th>
                      <Table.Th>{t('billing.column.nextBillDate')}</Table.Th>
                      <Table.Th>{t('billing.column.includedHours')}</Table.Th>
                      <Table.Th>{t('billing.column.products')}</Table.Th>
                      <Table.Th>{t('billing.column.status')}</Table.Th>
                      <Table.Th w={90}>
                        <VisuallyHidden>{t('common.edit')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.data.map((agreement) => (
                      <AgreementRow
                        key={agreement.id}
                        agreement={agreement}
                        canManage={canManage}
                        onEdit={() => setEditing(agreement)}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <ListFooter count={list.count} page={page} pageSize={PAGE_SIZE} onPageChange={setPage} />
            </Paper>
          )
        }
      </QueryState>
      {editing && (
        <AgreementDialog
          organization={organization}
          agreement={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
};
