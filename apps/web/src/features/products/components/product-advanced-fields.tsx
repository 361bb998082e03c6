import { Select, SimpleGrid, Stack } from '@mantine/core';
import {
  isLaborProductType,
  licensingTypes,
  quantitySourcesOf,
  termOptions,
  timeEntrySources,
  timeRoundingOptions,
} from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from '../../../components/inputs/use-domain-message.ts';
import { optionsOf, type ProductFormState } from '../product-form.ts';

/**
 * ADVANCED: licensing type and term; where the type counts its quantity (managed types, labour), its source
 * (fixed when the type has one); labour's time rounding and where its time entries come from.
 */
export const ProductAdvancedFields = ({ form }: { form: ProductFormState }) => {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const { type } = form.values;
  const sources = quantitySourcesOf(type);
  const errorOf = (field: string) => translate(form.errors[field] as string | undefined);
  const select = (field: string, group: string, values: readonly string[], extra: object = {}) => (
    <Select
      label={t(`products.field.${field}`)}
      withAsterisk
      allowDeselect={false}
      data={optionsOf(values, group, t)}
      {...form.getInputProps(field)}
      error={errorOf(field)}
      {...extra}
    />
  );
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {select('licensingType', 'licensing', licensingTypes)}
        {select('term', 'term', termOptions)}
      </SimpleGrid>
      {sources.length > 0 &&
        select('quantitySource', 'quantitySource', sources, {
          description: t('products.field.quantitySourceHint'),
          readOnly: sources.length === 1,
        })}
      {isLaborProductType(type) && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {select('timeRounding', 'rounding', timeRoundingOptions)}
          {select('timeEntrySource', 'timeEntrySource', timeEntrySources)}
        </SimpleGrid>
      )}
    </Stack>
  );
};
