import { SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { CountedQuantities, CountedQuantitySource, QuantityMode } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { IntegerInput } from '../../../components/inputs/integer-input.tsx';
import type { ProductRow } from '../agreement-form.ts';

/** What the organization has now of the source, or why it is not known. */
export type Counts =
  | { state: 'template' }
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'ready'; quantities: CountedQuantities };

const CountNow = ({ source, counts }: { source: CountedQuantitySource; counts: Counts }) => {
  const { t } = useTranslation();
  const text = (() => {
    switch (counts.state) {
      case 'template':
        return t('billing.products.countedAtInvoicing');
      case 'loading':
        return t('billing.products.counting');
      case 'error':
        return t('billing.products.countUnknown');
      case 'ready': {
        const quantity = counts.quantities[source];
        // GB are a decimal, not a count: no plural forms.
        return source === 'BACKUP_STORAGE_GB'
          ? t('billing.products.now.BACKUP_STORAGE_GB', { quantity })
          : t(`billing.products.now.${source}`, { count: Number(quantity) });
      }
    }
  })();
  return (
    <Text size="xs" c="dimmed" aria-live="polite">
      {text}
    </Text>
  );
};

/**
 * An agreement product's quantity: typed, or (a product counted from devices, end users or backup) COUNTED for
 * the organization when each invoice is made, with the count it has now.
 */
export const AgreementQuantityCell = ({
  row,
  counts,
  onChange,
}: {
  row: ProductRow;
  counts: Counts;
  onChange: (change: Partial<ProductRow>) => void;
}) => {
  const { t } = useTranslation();
  const quantityInput = (
    <IntegerInput
      label={<VisuallyHidden>{`${t('billing.products.quantity')}: ${row.name}`}</VisuallyHidden>}
      min={0}
      max={1e15}
      size="xs"
      value={row.quantity}
      onChange={(quantity) => onChange({ quantity })}
    />
  );
  if (row.countedSource === null) return quantityInput;
  return (
    <Stack gap={4}>
      <SegmentedControl
        size="xs"
        aria-label={t('billing.products.mode', { name: row.name })}
        value={row.quantityMode}
        onChange={(value) => onChange({ quantityMode: value as QuantityMode })}
        data={[
          { value: 'COUNTED', label: t('billing.products.counted') },
          { value: 'FIXED', label: t('billing.products.fixed') },
        ]}
      />
      {row.quantityMode === 'COUNTED' ? (
        <CountNow source={row.countedSource} counts={counts} />
      ) : (
        quantityInput
      )}
    </Stack>
  );
};
