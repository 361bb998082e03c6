import { MultiSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  MAX_PRODUCT_DESCRIPTION_LENGTH,
  MAX_PRODUCT_GROUP_MEMBERS,
  MAX_PRODUCT_NAME_LENGTH,
} from '@rmm/domain';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from '../../../components/inputs/use-domain-message.ts';
import type { ProductFormState } from '../product-form.ts';
import { useProductsQuery } from '../queries.ts';

/** A group's members: active products other than groups, found by name; chosen ones keep their names. */
const MembersField = ({ form, productId }: { form: ProductFormState; productId?: number }) => {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const selected = form.values.productIds;
  const candidates = useProductsQuery({
    page: 1,
    pageSize: 50,
    isActive: 'true',
    search: debounced || undefined,
  });
  // The members already chosen (inactive ones too), so that each pill has its name.
  const chosen = useProductsQuery(
    { page: 1, pageSize: MAX_PRODUCT_GROUP_MEMBERS, ids: selected.join(',') },
    { enabled: selected.length > 0 },
  );
  const names = useRef(new Map<number, string>());
  const data = useMemo(() => {
    for (const product of [...(candidates.data?.data ?? []), ...(chosen.data?.data ?? [])]) {
      const name = product.isActive
        ? product.name
        : t('products.field.memberInactive', { name: product.name });
      names.current.set(product.id, name);
    }
    const offered = (candidates.data?.data ?? [])
      .filter((product) => product.type !== 'PRODUCT_GROUP' && product.id !== productId)
      .map((product) => product.id);
    return [...new Set([...selected, ...offered])].map((id) => ({
      value: String(id),
      label: names.current.get(id) ?? `#${id}`,
    }));
  }, [candidates.data, chosen.data, selected, productId, t]);

  return (
    <MultiSelect
      label={t('products.field.members')}
      description={t('products.field.membersHint')}
      placeholder={t('products.field.membersPlaceholder')}
      withAsterisk
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      maxValues={MAX_PRODUCT_GROUP_MEMBERS}
      data={data}
      value={selected.map(String)}
      onChange={(values) => form.setFieldValue('productIds', values.map(Number))}
      error={translate(form.errors.productIds as string | undefined)}
      nothingFoundMessage={t('products.noMatches')}
    />
  );
};

/** GENERAL: name and description (trimmed when sent), and a group's member products. */
export const ProductGeneralFields = ({ form, productId }: { form: ProductFormState; productId?: number }) => {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const errorOf = (field: 'name' | 'description') => translate(form.errors[field] as string | undefined);
  return (
    <Stack>
      <TextInput
        label={t('products.field.name')}
        withAsterisk
        data-autofocus
        maxLength={MAX_PRODUCT_NAME_LENGTH + 50}
        {...form.getInputProps('name')}
        error={errorOf('name')}
      />
      <Textarea
        label={t('products.field.description')}
        withAsterisk
        rows={4}
        maxLength={MAX_PRODUCT_DESCRIPTION_LENGTH + 50}
        {...form.getInputProps('description')}
        error={errorOf('description')}
      />
      {form.values.type === 'PRODUCT_GROUP' && <MembersField form={form} productId={productId} />}
    </Stack>
  );
};
