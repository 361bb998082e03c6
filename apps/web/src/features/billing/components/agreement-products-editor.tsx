import { Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../components/inputs/decimal-input.tsx';
import { LabelledActionIcon } from '../../../components/labelled-action-icon.tsx';
import { type ProductRow, rowOfProduct } from '../agreement-form.ts';
import { useCountedQuantitiesQuery } from '../queries.ts';
import { AgreementQuantityCell, type Counts } from './agreement-quantity-cell.tsx';
import { ProductPicker } from './product-picker.tsx';

/** The organization's counts, read only when a line is counted (a template has no organization). */
const useCounts = (organizationId: number | undefined, rows: readonly ProductRow[]): Counts => {
  const isCounting = rows.some((row) => row.countedSource !== null && row.quantityMode === 'COUNTED');
  const query = useCountedQuantitiesQuery(isCounting ? organizationId : undefined);
  if (organizationId === undefined) return { state: 'template' };
  if (query.data) return { state: 'ready', quantities: query.data.quantities };
  return query.isError ? { state: 'error' } : { state: 'loading' };
};

/**
 * An agreement's or template's product lines: quantity (typed, or counted for the organization when invoiced)
 * and (optionally) its own price, added from the catalogue.
 */
export const AgreementProductsEditor = ({
  rows,
  onChange,
  organizationId,
}: {
  rows: ProductRow[];
  onChange: (rows: ProductRow[]) => void;
  /** The agreement's organization, whose counts counted lines show; none for a template. */
  organizationId?: number;
}) => {
  const { t } = useTranslation();
  const counts = useCounts(organizationId, rows);
  const update = (key: string, change: Partial<ProductRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {t('billing.products.title')}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('billing.products.empty')}
        </Text>
      ) : (
        <Table verticalSpacing={4} aria-label={t('billing.products.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('billing.products.picker')}</Table.Th>
              <Table.Th w={190}>{t('billing.products.quantity')}</Table.Th>
              <Table.Th w={140}>{t('billing.products.price')}</Table.Th>
              <Table.Th w={40}>
                <VisuallyHidden>{t('common.remove')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>
                  <Text size="sm">{row.name}</Text>
                  {row.timeRounding && (
                    <Text size="xs" c="dimmed">
                      {t('billing.products.labour', { rounding: t(`billing.rounding.${row.timeRounding}`) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <AgreementQuantityCell
                    row={row}
                    counts={counts}
                    onChange={(change) => update(row.key, change)}
                  />
                </Table.Td>
                <Table.Td>
                  <DecimalInput
                    label={<VisuallyHidden>{`${t('billing.products.price')}: ${row.name}`}</VisuallyHidden>}
                    placeholder={row.catalogPrice}
                    min={0}
                    max={1e15}
                    decimals={2}
                    size="xs"
                    value={row.price}
                    onChange={(price) => update(row.key, { price })}
                  />
                </Table.Td>
                <Table.Td>
                  <LabelledActionIcon
                    label={t('billing.products.remove', { name: row.name })}
                    color="red"
                    onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
                  >
                    <IconTrash size={16} />
                  </LabelledActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ProductPicker
        kind="catalogue"
        label={t('billing.products.add')}
        value={null}
        onChange={(product) => product && onChange([...rows, rowOfProduct(product)])}
      />
    </Stack>
  );
};
