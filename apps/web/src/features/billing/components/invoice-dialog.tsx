import { Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { Invoice } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { useInvoiceQuery } from '../queries.ts';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

const Totals = ({ invoice }: { invoice: Invoice }) => {
  const { t } = useTranslation();
  const rows: [string, string, boolean][] = [
    [t('billing.invoices.subtotal'), invoice.subtotal, false],
    [
      invoice.taxRate === null
        ? t('billing.invoices.tax')
        : t('billing.invoices.taxAt', { rate: invoice.taxRate }),
      invoice.tax,
      false,
    ],
    [`${t('billing.invoices.total')} (${invoice.currency})`, invoice.total, true],
  ];
  return (
    <Stack gap={2} align="flex-end">
      {rows.map(([label, value, isBold]) => (
        <Group key={label} gap="md">
          <Text size="sm" fw={isBold ? 700 : 400}>
            {label}
          </Text>
          <Text size="sm" ff="monospace" fw={isBold ? 700 : 400} miw={110} ta="right">
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
};

/** One invoice's lines and totals. */
export const InvoiceDialog = ({ invoiceId, onClose }: { invoiceId: number; onClose: () => void }) => {
  const { t } = useTranslation();
  const query = useInvoiceQuery(invoiceId);
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={query.data?.invoice.number ?? t('billing.invoices.title')}
    >
      <QueryState query={query}>
        {({ invoice }) => (
          <Stack gap="sm">
            <Group gap="xs">
              <Text size="sm">
                {invoice.organizationName} · {invoice.agreementName} · {invoice.periodStart}
                {invoice.periodEnd ? ` – ${invoice.periodEnd}` : ''}
              </Text>
              <InvoiceStatusBadge status={invoice.status} />
            </Group>
            {invoice.lines.length === 0 ? (
              <Text c="dimmed">{t('billing.invoices.noLines')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table
                  verticalSpacing={4}
                  aria-label={t('billing.invoices.lines', { number: invoice.number })}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('billing.invoices.description')}</Table.Th>
                      <Table.Th ta="right">{t('billing.invoices.quantity')}</Table.Th>
                      <Table.Th ta="right">{t('billing.invoices.unitPrice')}</Table.Th>
                      <Table.Th ta="right">{t('billing.invoices.amount')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {invoice.lines.map((line) => (
                      <Table.Tr key={line.position}>
                        <Table.Td>{line.description}</Table.Td>
                        <Table.Td ta="right" ff="monospace">
                          {line.quantity}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace">
                          {line.unitPrice}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace">
                          {line.amount}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Totals invoice={invoice} />
          </Stack>
        )}
      </QueryState>
    </Modal>
  );
};
