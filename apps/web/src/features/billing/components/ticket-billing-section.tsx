import {
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { Ticket, TicketBillingResponse, TicketProduct } from '@rmm/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledActionIcon } from '../../../components/labelled-action-icon.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useTicketBillingMutations, useTicketBillingQuery } from '../queries.ts';
import { AddTicketProductDialog } from './add-ticket-product-dialog.tsx';
import { BillingStatusBadge } from './billing-status-badge.tsx';

type Props = { ticket: Ticket; canManage: boolean; onTicketChanged: () => Promise<unknown> };

/** The ticket's agreement: changed at once (a ticket change with its version; the §8 rules answer here). */
const AgreementField = ({
  ticket,
  billing,
  canManage,
  onTicketChanged,
}: Props & { billing: TicketBillingResponse }) => {
  const { t } = useTranslation();
  const { setAgreement } = useTicketBillingMutations(ticket.id);
  return (
    <Select
      label={t('billing.ticket.agreement')}
      placeholder={t('billing.ticket.noAgreement')}
      clearable
      disabled={!canManage || setAgreement.isPending}
      data={billing.agreements.map((agreement) => ({
        value: String(agreement.id),
        label: `${agreement.name} (${t(`billing.interval.${agreement.billingInterval}`)})`,
      }))}
      value={billing.agreementId === null ? null : String(billing.agreementId)}
      error={setAgreement.error?.message}
      onChange={(value) =>
        setAgreement.mutate(
          { version: ticket.version, agreementId: value === null ? null : Number(value) },
          {
            onSuccess: async () => {
              await onTicketChanged();
              notifications.show({ color: 'green', message: t('billing.ticket.agreementSaved') });
            },
          },
        )
      }
    />
  );
};

const ProductsList = ({
  ticketId,
  products,
  canManage,
}: {
  ticketId: number;
  products: TicketProduct[];
  canManage: boolean;
}) => {
  const { t } = useTranslation();
  const { remove } = useTicketBillingMutations(ticketId);
  if (products.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('billing.ticket.noProducts')}
      </Text>
    );
  const confirmRemove = (product: TicketProduct) =>
    modals.openConfirmModal({
      title: t('billing.ticket.removeProduct', { name: product.name }),
      children: <Text size="sm">{t('billing.ticket.removeConfirm', { name: product.name })}</Text>,
      labels: { confirm: t('common.remove'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(product.id, {
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
  return (
    <Stack gap={4}>
      {products.map((product) => (
        <Group key={product.id} justify="space-between" wrap="nowrap" gap="xs">
          <div>
            <Text size="sm">{product.name}</Text>
            <Text size="xs" c="dimmed">
              {t('billing.ticket.amount', {
                quantity: product.quantity,
                price: product.price,
                amount: product.amount,
              })}
            </Text>
          </div>
          <Group gap={4} wrap="nowrap">
            <BillingStatusBadge status={product.billingStatus} />
            {canManage && product.billingStatus !== 'BILLED' && (
              <LabelledActionIcon
                label={t('billing.ticket.removeProduct', { name: product.name })}
                color="red"
                onClick={() => confirmRemove(product)}
              >
                <IconTrash size={14} />
              </LabelledActionIcon>
            )}
          </Group>
        </Group>
      ))}
    </Stack>
  );
};

const TimeEntries = ({
  ticketId,
  billing,
  canManage,
}: {
  ticketId: number;
  billing: TicketBillingResponse;
  canManage: boolean;
}) => {
  const { t } = useTranslation();
  const { setBillable } = useTicketBillingMutations(ticketId);
  const { labour } = billing;
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {labour
          ? t('billing.ticket.labour', { ...labour, rounding: t(`billing.rounding.${labour.timeRounding}`) })
          : t('billing.ticket.noLabour')}
      </Text>
      {billing.timeEntries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('billing.ticket.noTime')}
        </Text>
      ) : (
        <Table verticalSpacing={4} aria-label={t('billing.ticket.time')}>
          <Table.Tbody>
            {billing.timeEntries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <Text size="xs">
                    {entry.startTime.slice(0, 16).replace('T', ' ')} ·{' '}
                    {t('billing.ticket.hours', { hours: entry.hours })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {entry.technician}
                    {entry.isOffHours ? ` · ${t('billing.ticket.offHours')}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap" justify="flex-end">
                    <BillingStatusBadge status={entry.billingStatus} />
                    {canManage && entry.billingStatus !== 'BILLED' && (
                      <Switch
                        size="xs"
                        label={
                          <VisuallyHidden>
                            {entry.billingStatus === 'NOT_BILLABLE'
                              ? t('billing.ticket.markBillable')
                              : t('billing.ticket.markNotBillable')}
                          </VisuallyHidden>
                        }
                        checked={entry.billingStatus !== 'NOT_BILLABLE'}
                        onChange={(event) =>
                          setBillable.mutate({ itemId: entry.id, isBillable: event.currentTarget.checked })
                        }
                      />
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
};

/** The ticket page's billing: its agreement, its products and its time entries with their billing status. */
export const TicketBillingSection = (props: Props) => {
  const { t } = useTranslation();
  const { ticket, canManage } = props;
  const query = useTicketBillingQuery(ticket.id, ticket.updateTime);
  const [isAdding, setAdding] = useState(false);
  return (
    <Paper withBorder p="md" component="section" aria-label={t('billing.ticket.title')}>
      <Title order={4} mb="sm">
        {t('billing.ticket.title')}
      </Title>
      <QueryState query={query}>
        {(billing) => (
          <Stack gap="sm">
            <AgreementField {...props} billing={billing} />
            <Group justify="space-between">
              <Text fw={500} size="sm">
                {t('billing.ticket.products')}
              </Text>
              {canManage && (
                <Button
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconPlus size={12} />}
                  onClick={() => setAdding(true)}
                >
                  {t('billing.ticket.addProduct')}
                </Button>
              )}
            </Group>
            <ProductsList ticketId={ticket.id} products={billing.products} canManage={canManage} />
            <Text fw={500} size="sm">
              {t('billing.ticket.time')}
            </Text>
            <TimeEntries ticketId={ticket.id} billing={billing} canManage={canManage} />
            {isAdding && (
              <AddTicketProductDialog
                ticketId={ticket.id}
                agreementProducts={billing.agreementProducts}
                onClose={() => setAdding(false)}
              />
            )}
          </Stack>
        )}
      </QueryState>
    </Paper>
  );
};
