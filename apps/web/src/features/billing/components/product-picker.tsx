import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Product } from '@rmm/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductSearchQuery } from '../queries.ts';

/**
 * A product of the catalogue searched by name: all active ones (`catalogue`, for agreements) or those the
 * technician's role may use (`usable`, for a ticket). Calls back with the whole product.
 */
export const ProductPicker = ({
  kind,
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'value' | 'onChange' | 'data' | 'searchValue' | 'onSearchChange'> & {
  kind: 'catalogue' | 'usable';
  value: Product | null;
  onChange: (product: Product | null) => void;
}) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const query = useProductSearchQuery(kind, debounced);
  const products = query.data?.data ?? [];
  const byId = new Map(products.map((product) => [String(product.id), product]));
  if (value) byId.set(String(value.id), value);
  return (
    <Select
      searchable
      clearable
      label={t('billing.products.picker')}
      placeholder={t('billing.products.pickerPlaceholder')}
      nothingFoundMessage={t('common.noResults')}
      {...props}
      data={[...byId.values()].map((product) => ({ value: String(product.id), label: product.name }))}
      value={value ? String(value.id) : null}
      onChange={(id) => {
        onChange(id ? (byId.get(id) ?? null) : null);
        // A picker that adds (it holds no value) is empty again for the next one.
        if (value === null) setSearch('');
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      error={props.error ?? query.error?.message}
    />
  );
};
