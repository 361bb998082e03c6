import { Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import {
  billingOptions,
  COST_DECIMALS,
  isBilledProductType,
  isLaborProductType,
  MAX_PRODUCT_COST,
  MAX_PRODUCT_PRICE,
  MAX_PRODUCT_QUANTITY,
  PRICE_DECIMALS,
} from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../components/inputs/decimal-input.tsx';
import { IntegerInput } from '../../../components/inputs/integer-input.tsx';
import { useDomainMessage } from '../../../components/inputs/use-domain-message.ts';
import { asText, optionsOf, type ProductFormState } from '../product-form.ts';

type AmountField = 'price' | 'rate' | 'cost';

/**
 * BILLING: price (labour: its rate per hour) and cost, exact decimals as typed (0 to 1e15, 2 places); taxable;
 * billing; and the quantity where the technician counts it (the billed variants).
 */
export const ProductBillingFields = ({ form }: { form: ProductFormState }) => {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const { type } = form.values;
  const isBilled = isBilledProductType(type);
  const errorOf = (field: string) => translate(form.errors[field] as string | undefined);
  const amount = (field: AmountField, label: string, max: number, decimals: number, hint?: string) => (
    <DecimalInput
      label={label}
      description={hint}
      min={0}
      max={max}
      decimals={decimals}
      value={asText(form.values[field])}
      onChange={(text) => form.setFieldValue(field, text)}
      onBlur={() => form.validateField(field)}
      error={errorOf(field)}
    />
  );
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {isLaborProductType(type)
          ? amount(
              'rate',
              t('products.field.rate'),
              MAX_PRODUCT_PRICE,
              PRICE_DECIMALS,
              t('products.field.rateHint'),
            )
          : amount('price', t('products.field.price'), MAX_PRODUCT_PRICE, PRICE_DECIMALS)}
        {amount('cost', t('products.field.cost'), MAX_PRODUCT_COST, COST_DECIMALS)}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('products.field.billing')}
          withAsterisk={isBilled}
          data={optionsOf(billingOptions, 'billing', t)}
          clearable={!isBilled}
          allowDeselect={!isBilled}
          {...form.getInputProps('billing')}
          error={errorOf('billing')}
        />
        {isBilled && (
          <IntegerInput
            label={t('products.field.quantity')}
            required
            min={1}
            max={MAX_PRODUCT_QUANTITY}
            value={asText(form.values.quantity)}
            onChange={(text) => form.setFieldValue('quantity', text)}
            onBlur={() => form.validateField('quantity')}
            error={errorOf('quantity')}
          />
        )}
      </SimpleGrid>
      <Switch label={t('products.field.taxable')} {...form.getInputProps('taxable', { type: 'checkbox' })} />
    </Stack>
  );
};
