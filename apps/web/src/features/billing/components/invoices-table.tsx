import { Button, Group, Paper, Select, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type InvoiceStatus, type InvoiceSummary, invoiceStatuses } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { IconBan, IconCheck, IconDownload, IconEye, IconFileInvoice, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { LabelledActionIcon } from '../../../components/labelled-action-icon.tsx';
import { ListFooter } from '../../../components/list-footer.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import {
  type InvoiceMove,
  useGenerateInvoicesMutation,
  useInvoicesQuery,
  useMoveInvoiceMutation,
} from '../queries.ts';
import { InvoiceDialog } from './invoice-dialog.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

const PAGE_SIZE = 25;
/** Status, search and page kept in the URL (a view can be bookmarked and shared). */
const useInvoiceParams = () => {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const set = (changes: Record<string, string | undefined>) =>
    setParams((current) => {
      for (const [key, value] of Object.entries(changes))
        value ? current.set(key, value) : current.delete(key);
      return current;
    });
  return {
    status: invoiceStatuses.includes(status as InvoiceStatus) ? (status as InvoiceStatus) : undefined,
    search: params.get('q') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
    set,
  };
};

const Actions = ({
  invoice,
  canManage,
  onView,
}: {
  invoice: InvoiceSummary;
  canManage: boolean;
  onView: () => void;
}) => {
  const { t } = useTranslation();
  const move = useMoveInvoiceMutation();
  const ask = (to: InvoiceMove) => {
    const values = {
      number: invoice.number,
      total: `${invoice.total} ${invoice.currency}`,
      period:
        invoice.periodEnd === null ? invoice.periodStart : `${invoice.periodStart} – ${invoice.periodEnd}`,
    };
    const texts = {
      APPROVED: {
        title: t('billing.invoices.approve'),
        body: t('billing.invoices.approveConfirm', values),
        confirm: t('billing.invoices.approve'),
        done: t('billing.invoices.approved', values),
      },
      ARCHIVED: {
        title: t('billing.invoices.archive'),
        body: t('billing.invoices.archiveConfirm', values),
        confirm: t('billing.invoices.archive'),
        done: t('billing.invoices.archived', values),
      },
      VOID: {
        title: t('billing.invoices.voidTitle', values),
        body: t('billing.invoices.voidConfirm', values),
        confirm: t('billing.invoices.void'),
        done: t('billing.invoices.voided', values),
      },
    }[to];
    modals.openConfirmModal({
      title: texts.title,
      children: <Text size="sm">{texts.body}</Text>,
      labels: { confirm: texts.confirm, cancel: t('common.cancel') },
      confirmProps: to === 'VOID' ? { color: 'red' } : {},
      onConfirm: () =>
        move.mutate(
          { id: invoice.id, to },
          {
            onSuccess: () => notifications.show({ color: 'green', message: texts.done }),
            onError: (error) => notifications.show({ color: 'red', message: error.message }),
          },
        ),
    });
  };
  return (
    <Group gap={4} wrap="nowrap">
      <LabelledActionIcon label={t('billing.invoices.view', { number: invoice.number })} onClick={onView}>
        <IconEye size={16} />
      </LabelledActionIcon>
      <Button
        component="a"
        href={apiPaths.invoiceCsv(invoice.id)}
        download
        size="compact-xs"
        variant="subtle"
        aria-label={t('billing.invoices.downloadCsv', { number: invoice.number })}
        leftSection={<IconDownload size={12} />}
      >
        {t('billing.invoices.csv')}
      </Button>
      <Button
        component="a"
        href={apiPaths.invoicePdf(invoice.id)}
        download
        size="compact-xs"
        variant="subtle"
        aria-label={t('billing.invoices.downloadPdf', { number: invoice.number })}
        leftSection={<IconDownload size={12} />}
      >
        {t('billing.invoices.pdf')}
      </Button>
      {canManage && invoice.status === 'PENDING' && (
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconCheck size={12} />}
          loading={move.isPending}
          onClick={() => ask('APPROVED')}
        >
          {t('billing.invoices.approve')}
        </Button>
      )}
      {canManage && invoice.status === 'PENDING' && (
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          aria-label={t('billing.invoices.voidTitle', { number: invoice.number })}
          leftSection={<IconBan size={12} />}
          loading={move.isPending}
          onClick={() => ask('VOID')}
        >
          {t('billing.invoices.void')}
        </Button>
      )}
      {canManage && invoice.status === 'APPROVED' && (
        <Button
          size="compact-xs"
          variant="light"
          color="gray"
          loading={move.isPending}
          onClick={() => ask('ARCHIVED')}
        >
          {t('billing.invoices.archive')}
        </Button>
      )}
    </Group>
  );
};

const GenerateButton = ({ organizationId }: { organizationId?: number }) => {
  const { t } = useTranslation();
  const generate = useGenerateInvoicesMutation();
  return (
    <Button
      leftSection={<IconFileInvoice size={16} />}
      loading={generate.isPending}
      onClick={() =>
        generate.mutate(organizationId === undefined ? {} : { organizationId }, {
          onSuccess: ({ invoices }) =>
            notifications.show({
              color: invoices.length > 0 ? 'green' : 'blue',
              message:
                invoices.length > 0
                  ? t('billing.agreements.generated', { count: invoices.length })
                  : t('billing.invoices.generatedNone'),
            }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        })
      }
    >
      {t('billing.invoices.generateDue')}
    </Button>
  );
};

/** Invoices (of one organization, or all in the caller's scope) with status filter, search, approve, archive, void, files. */
export const InvoicesTable = ({ organizationId }: { organizationId?: number }) => {
  const { t } = useTranslation();
  const canManage = useHasPermission('billing.manage');
  const params = useInvoiceParams();
  const [search, setSearch] = useState(params.search);
  const [debounced] = useDebouncedValue(search, 300);
  const [viewing, setViewing] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text moves the URL
  useEffect(() => {
    if (debounced !== params.search) params.set({ q: debounced || undefined, page: undefined });
  }, [debounced]);
  const query = useInvoicesQuery({
    organizationId,
    status: params.status,
    search: params.search || undefined,
    page: params.page,
    pageSize: PAGE_SIZE,
  });
  const isFiltered = params.status !== undefined || params.search !== '';
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <TextInput
            label={t('billing.invoices.search')}
            placeholder={t('billing.invoices.searchPlaceholder')}
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={300}
          />
          <Select
            label={t('billing.invoices.statusFilter')}
            placeholder={t('billing.invoices.anyStatus')}
            clearable
            data={invoiceStatuses.map((value) => ({ value, label: t(`billing.invoiceStatus.${value}`) }))}
            value={params.status ?? null}
            onChange={(value) => params.set({ status: value ?? undefined, page: undefined })}
            w={180}
          />
        </Group>
        {canManage && <GenerateButton organizationId={organizationId} />}
      </Group>
      <QueryState query={query}>
        {(list) =>
          list.count === 0 ? (
            <Text c="dimmed">
              {isFiltered ? t('billing.invoices.noMatches') : t('billing.invoices.empty')}
            </Text>
          ) : (
            <Paper withBorder>
              <Table.ScrollContainer minWidth={960}>
                <Table striped verticalSpacing="sm" aria-label={t('billing.invoices.tableLabel')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('billing.invoices.number')}</Table.Th>
                      {organizationId === undefined && (
                        <Table.Th>{t('billing.invoices.organization')}</Table.Th>
                      )}
                      <Table.Th>{t('billing.invoices.agreement')}</Table.Th>
                      <Table.Th>{t('billing.invoices.period')}</Table.Th>
                      <Table.Th ta="right">{t('billing.invoices.total')}</Table.Th>
                      <Table.Th>{t('billing.invoices.status')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('common.edit')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.data.map((invoice) => (
                      <Table.Tr key={invoice.id}>
                        <Table.Td fw={500}>{invoice.number}</Table.Td>
                        {organizationId === undefined && <Table.Td>{invoice.organizationName}</Table.Td>}
                        <Table.Td>{invoice.agreementName}</Table.Td>
                        <Table.Td>
                          {invoice.periodEnd === null
                            ? t('billing.invoices.periodFrom', { start: invoice.periodStart })
                            : `${invoice.periodStart} – ${invoice.periodEnd}`}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace">
                          {invoice.total} {invoice.currency}
                        </Table.Td>
                        <Table.Td>
                          <InvoiceStatusBadge status={invoice.status} />
                        </Table.Td>
                        <Table.Td>
                          <Actions
                            invoice={invoice}
                            canManage={canManage}
                            onView={() => setViewing(invoice.id)}
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <ListFooter
                count={list.count}
                page={params.page}
                pageSize={PAGE_SIZE}
                onPageChange={(page) => params.set({ page: page > 1 ? String(page) : undefined })}
              />
            </Paper>
          )
        }
      </QueryState>
      {viewing !== null && <InvoiceDialog invoiceId={viewing} onClose={() => setViewing(null)} />}
    </Stack>
  );
};
