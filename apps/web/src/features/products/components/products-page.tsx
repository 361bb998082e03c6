import { Button, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type Product, type ProductType, productTypes } from '@rmm/domain';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { ListFooter } from '../../../components/list-footer.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useProductsQuery, useSetProductActiveMutation } from '../queries.ts';
import { ProductDialog } from './product-dialog.tsx';
import { ProductTypePicker } from './product-type-picker.tsx';
import { ProductsTable } from './products-table.tsx';

const PAGE_SIZE = 50;
const isProductType = (value: string | null): value is ProductType =>
  productTypes.some((type) => type === value);
const activeOf = (value: string | null): 'true' | 'false' | undefined =>
  value === 'true' || value === 'false' ? value : undefined;

/** Search, type, status, page and the open product, kept in the URL (bookmarkable, Back works). */
const useProductListParams = () => {
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  const product = Number(params.get('product'));
  const set = (changes: Record<string, string | undefined>) =>
    setParams((current) => {
      for (const [key, value] of Object.entries(changes))
        value ? current.set(key, value) : current.delete(key);
      return current;
    });
  return {
    search: params.get('q')?.trim() || undefined,
    type: isProductType(type) ? type : undefined,
    active: activeOf(params.get('active')),
    page: Math.max(1, Number(params.get('page')) || 1),
    productId: Number.isInteger(product) && product > 0 ? product : undefined,
    set: (changes: Record<string, string | undefined>) => set({ page: undefined, ...changes }),
    setPage: (next: number) => set({ page: next > 1 ? String(next) : undefined }),
  };
};

/** Asks first; the answer's toast says what happened. */
const useConfirmSetActive = () => {
  const { t } = useTranslation();
  const setActive = useSetProductActiveMutation();
  return (product: Product, isActive: boolean) => {
    const key = isActive ? 'activate' : 'deactivate';
    modals.openConfirmModal({
      title: t(`products.${key}Title`, { name: product.name }),
      children: <Text size="sm">{t(`products.${key}Body`)}</Text>,
      labels: { confirm: t(`products.${key}Confirm`), cancel: t('common.cancel') },
      confirmProps: { color: isActive ? 'green' : 'orange' },
      onConfirm: () =>
        setActive.mutate(
          { id: product.id, isActive },
          {
            onSuccess: () =>
              notifications.show({
                color: 'green',
                message: t(isActive ? 'products.activated' : 'products.deactivated'),
              }),
            onError: (error) =>
              notifications.show({
                color: 'red',
                title: t('spec.products.updateError'),
                message: error.message,
              }),
          },
        ),
    });
  };
};

/** `/administration/billing/products`: the product catalogue; new products by type, edit, (de)activate. */
export const ProductsPage = () => {
  const { t } = useTranslation();
  const params = useProductListParams();
  const canManage = useHasPermission('billing.manage');
  const products = useProductsQuery({
    page: params.page,
    pageSize: PAGE_SIZE,
    search: params.search,
    type: params.type,
    isActive: params.active,
  });
  const [isPicking, setPicking] = useState(false);
  const [newType, setNewType] = useState<ProductType | null>(null);
  const [searchText, setSearchText] = useState(params.search ?? '');
  const applySearch = useDebouncedCallback((q: string) => params.set({ q: q.trim() || undefined }), 300);
  const confirmSetActive = useConfirmSetActive();
  const isFiltered = Boolean(params.search || params.type || params.active);

  return (
    <>
      <PageHeader
        title={t('products.title')}
        actions={
          <Button leftSection={<IconPlus size={16} />} disabled={!canManage} onClick={() => setPicking(true)}>
            {t('products.new')}
          </Button>
        }
      />
      <Text c="dimmed" mb="md">
        {t('products.intro')}
      </Text>
      <Group mb="md" align="flex-end">
        <TextInput
          label={t('products.searchLabel')}
          placeholder={t('products.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          w={300}
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
        />
        <Select
          label={t('products.typeFilter')}
          placeholder={t('products.typeFilterAll')}
          clearable
          w={240}
          data={productTypes.map((type) => ({ value: type, label: t(`products.type.${type}`) }))}
          value={params.type ?? null}
          onChange={(value) => params.set({ type: value ?? undefined })}
        />
        <Select
          label={t('products.activeFilter')}
          w={200}
          allowDeselect={false}
          data={['all', 'true', 'false'].map((value) => ({
            value,
            label: t(`products.activeFilter.${value}`),
          }))}
          value={params.active ?? 'all'}
          onChange={(value) => params.set({ active: value === 'all' ? undefined : (value ?? undefined) })}
        />
      </Group>
      <QueryState query={products}>
        {(result) =>
          result.count === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">{isFiltered ? t('products.noMatches') : t('products.empty')}</Text>
            </Paper>
          ) : (
            <Paper withBorder style={{ opacity: products.isPlaceholderData ? 0.6 : 1 }}>
              <ProductsTable
                products={result.data}
                canManage={canManage}
                onEdit={(product) =>
                  params.set({
                    product: String(product.id),
                    page: params.page > 1 ? String(params.page) : undefined,
                  })
                }
                onSetActive={confirmSetActive}
              />
              <ListFooter
                count={result.count}
                page={params.page}
                pageSize={PAGE_SIZE}
                onPageChange={params.setPage}
              />
            </Paper>
          )
        }
      </QueryState>
      {isPicking && (
        <ProductTypePicker
          onClose={() => setPicking(false)}
          onPick={(type) => {
            setPicking(false);
            setNewType(type);
          }}
        />
      )}
      {newType && <ProductDialog type={newType} onClose={() => setNewType(null)} />}
      {params.productId !== undefined && canManage && (
        <ProductDialog
          productId={params.productId}
          onClose={() =>
            params.set({ product: undefined, page: params.page > 1 ? String(params.page) : undefined })
          }
        />
      )}
    </>
  );
};
