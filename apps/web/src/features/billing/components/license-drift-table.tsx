import { Badge, Paper, Stack, Switch, Table, Text } from '@mantine/core';
import {
  type CountedQuantitySource,
  countedQuantityText,
  countScaleOf,
  type LicenseDriftLine,
  type OrganizationLicenseDrift,
} from '@rmm/domain';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListFooter } from '../../../components/list-footer.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useDriftQuery } from '../queries.ts';

const PAGE_SIZE = 25;

/** A quantity at its source's places (whole devices and users, storage at 2: "0.30"). */
const quantityOf = (source: CountedQuantitySource, value: number) => value.toFixed(countScaleOf(source));

/**
 * The difference, highlighted: under-billed (more deployed than billed) red, over-billed orange. A source billed
 * by a COUNTED product has none of its own: it bills what is deployed when the invoice is made.
 */
const Difference = ({ line }: { line: LicenseDriftLine }) => {
  const { t } = useTranslation();
  if (line.difference === 0)
    return (
      <Text size="sm" c="dimmed">
        {line.countedLines > 0 ? t('billing.drift.counted') : t('billing.drift.none')}
      </Text>
    );
  const isUnder = line.difference > 0;
  return (
    <Badge variant="filled" color={isUnder ? 'red' : 'orange'}>
      {isUnder
        ? t('billing.drift.under', {
            quantity: countedQuantityText(line.source, quantityOf(line.source, line.difference)),
          })
        : t('billing.drift.over', {
            quantity: countedQuantityText(line.source, quantityOf(line.source, -line.difference)),
          })}
    </Badge>
  );
};

/** A line with a difference is tinted as its badge: under-billed red, over-billed orange. */
const highlightOf = (line: LicenseDriftLine) =>
  line.difference === 0 ? undefined : `var(--mantine-color-${line.difference > 0 ? 'red' : 'orange'}-light)`;

const OrganizationRows = ({ row, showName }: { row: OrganizationLicenseDrift; showName: boolean }) => {
  const { t } = useTranslation();
  return (
    <>
      {row.lines.map((line, index) => {
        // The line's own cells, not the organization's (it spans every line of the organization).
        const bg = highlightOf(line);
        return (
          <Table.Tr key={line.source}>
            {showName && index === 0 && (
              <Table.Td rowSpan={row.lines.length} fw={500} style={{ verticalAlign: 'top' }}>
                {row.organizationName}
              </Table.Td>
            )}
            <Table.Td bg={bg}>{t(`billing.drift.${line.source}`)}</Table.Td>
            <Table.Td bg={bg} ta="right">
              {quantityOf(line.source, line.billed)}
              {line.countedLines > 0 && (
                <Text span size="xs" c="dimmed" ml={4}>
                  {t('billing.drift.countedNote')}
                </Text>
              )}
            </Table.Td>
            <Table.Td bg={bg} ta="right">
              {quantityOf(line.source, line.deployed)}
            </Table.Td>
            <Table.Td bg={bg}>
              <Difference line={line} />
            </Table.Td>
          </Table.Tr>
        );
      })}
    </>
  );
};

/** Billed counts beside what is deployed, per organization (or for one), with the differences highlighted. */
export const LicenseDriftTable = ({ organizationId }: { organizationId?: number }) => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const onlyDrift = params.get('onlyDrift') === 'true';
  const page = Math.max(1, Number(params.get('driftPage')) || 1);
  const set = (key: string, value: string | undefined) =>
    setParams((current) => {
      value ? current.set(key, value) : current.delete(key);
      return current;
    });
  const query = useDriftQuery({ organizationId, onlyDrift, page, pageSize: PAGE_SIZE });
  const showName = organizationId === undefined;
  return (
    <Stack gap="sm">
      {showName && (
        <Switch
          label={t('billing.drift.onlyDrift')}
          checked={onlyDrift}
          onChange={(event) => {
            set('onlyDrift', event.currentTarget.checked ? 'true' : undefined);
            set('driftPage', undefined);
          }}
        />
      )}
      <QueryState query={query}>
        {(list) =>
          list.count === 0 ? (
            <Text c="dimmed">{t('billing.drift.empty')}</Text>
          ) : (
            <Paper withBorder>
              <Table.ScrollContainer minWidth={640}>
                <Table verticalSpacing="xs" withRowBorders aria-label={t('billing.drift.tableLabel')}>
                  <Table.Thead>
                    <Table.Tr>
                      {showName && <Table.Th>{t('billing.invoices.organization')}</Table.Th>}
                      <Table.Th>{t('billing.drift.what')}</Table.Th>
                      <Table.Th ta="right">{t('billing.drift.billed')}</Table.Th>
                      <Table.Th ta="right">{t('billing.drift.deployed')}</Table.Th>
                      <Table.Th>{t('billing.drift.difference')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.data.map((row) => (
                      <Fragment key={row.organizationId}>
                        <OrganizationRows row={row} showName={showName} />
                      </Fragment>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {showName && (
                <ListFooter
                  count={list.count}
                  page={page}
                  pageSize={PAGE_SIZE}
                  onPageChange={(next) => set('driftPage', next > 1 ? String(next) : undefined)}
                />
              )}
            </Paper>
          )
        }
      </QueryState>
    </Stack>
  );
};
