import { Alert, Button, Group, Modal, Stack, Tabs } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  newProductDefaults,
  type Product,
  ProductForm,
  type ProductFormInput,
  type ProductFormTab,
  type ProductType,
  productFormOf,
  productFormTabs,
  toProductPayload,
} from '@rmm/domain';
import { IconAlertCircle, IconPointFilled } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from '../../../components/inputs/use-domain-message.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { ApiError } from '../../../lib/api.ts';
import { tabsWithErrors } from '../product-form.ts';
import {
  useCreateProductMutation,
  useProductQuery,
  useReloadProduct,
  useUpdateProductMutation,
} from '../queries.ts';
import { ProductAdvancedFields } from './product-advanced-fields.tsx';
import { ProductBillingFields } from './product-billing-fields.tsx';
import { ProductGeneralFields } from './product-general-fields.tsx';
import { ProductPermissionsFields } from './product-permissions-fields.tsx';

const isConflict = (error: unknown) => error instanceof ApiError && error.code === 'PRODUCT_VERSION_CONFLICT';

/**
 * The form of one product type, new or loaded. The domain's product form schema checks it (the server checks
 * the same); a failed save stays open with the server's reason, and a stale edit offers the current version.
 */
const ProductEditor = ({
  type,
  product,
  onClose,
}: {
  type: ProductType;
  product?: Product;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const create = useCreateProductMutation();
  const update = useUpdateProductMutation();
  const reload = useReloadProduct();
  const save = product ? update : create;
  const [tab, setTab] = useState<ProductFormTab>('GENERAL');
  const [version, setVersion] = useState(product?.version ?? 0);
  const form = useForm<ProductFormInput>({
    initialValues: product ? productFormOf(product) : newProductDefaults(type),
    validate: zod4Resolver(ProductForm),
    validateInputOnBlur: true,
  });
  const erroredTabs = tabsWithErrors(form.errors);

  const failed = (error: Error) => {
    const title = t(product ? 'spec.products.updateError' : 'spec.products.createError');
    notifications.show({ color: 'red', title, message: translate(error.message) });
    if (error instanceof ApiError && error.code === 'PRODUCT_NAME_TAKEN') {
      form.setFieldError('name', error.message);
      setTab('GENERAL');
    }
  };
  const saved = () => {
    notifications.show({
      color: 'green',
      message: t(product ? 'spec.products.updated' : 'spec.products.created'),
    });
    onClose();
  };
  const submit = form.onSubmit(
    (values) => {
      const payload = toProductPayload(ProductForm.parse(values));
      if (product)
        update.mutate(
          { id: product.id, body: { ...payload, version } },
          { onSuccess: saved, onError: failed },
        );
      else create.mutate(payload, { onSuccess: saved, onError: failed });
    },
    (errors) => setTab(tabsWithErrors(errors)[0] ?? 'GENERAL'),
  );
  const loadCurrent = async () => {
    if (!product) return;
    const current = await reload(product.id);
    form.setValues(productFormOf(current));
    form.resetDirty();
    setVersion(current.version);
    save.reset();
  };

  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          {save.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {isConflict(save.error) ? t('products.conflict') : translate(save.error.message)}
              {isConflict(save.error) && (
                <Button variant="light" color="red" size="xs" mt="xs" display="block" onClick={loadCurrent}>
                  {t('products.conflictLoad')}
                </Button>
              )}
            </Alert>
          )}
          <Tabs
            value={tab}
            onChange={(value) => setTab((value as ProductFormTab | null) ?? 'GENERAL')}
            keepMounted={false}
          >
            <Tabs.List aria-label={t('products.dialog.tabs')}>
              {productFormTabs.map((name) => {
                const label = t(`products.tab.${name}`);
                const hasErrors = erroredTabs.includes(name);
                return (
                  <Tabs.Tab
                    key={name}
                    value={name}
                    color={hasErrors ? 'red' : undefined}
                    rightSection={
                      hasErrors ? <IconPointFilled size={12} color="var(--mantine-color-red-6)" /> : null
                    }
                    aria-label={hasErrors ? t('products.dialog.tabHasErrors', { tab: label }) : label}
                  >
                    {label}
                  </Tabs.Tab>
                );
              })}
            </Tabs.List>
            <Tabs.Panel value="GENERAL" pt="md">
              <ProductGeneralFields form={form} productId={product?.id} />
            </Tabs.Panel>
            <Tabs.Panel value="BILLING" pt="md">
              <ProductBillingFields form={form} />
            </Tabs.Panel>
            <Tabs.Panel value="ADVANCED" pt="md">
              <ProductAdvancedFields form={form} />
            </Tabs.Panel>
            <Tabs.Panel value="PERMISSIONS" pt="md">
              <ProductPermissionsFields form={form} />
            </Tabs.Panel>
          </Tabs>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
};

/** Edits a loaded product. */
const EditProduct = ({ productId, onClose }: { productId: number; onClose: () => void }) => {
  const { t } = useTranslation();
  const query = useProductQuery(productId);
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={
        query.data
          ? t('products.dialog.edit', { type: t(`products.type.${query.data.type}`) })
          : t('products.title')
      }
    >
      <QueryState query={query}>
        {(product) => <ProductEditor type={product.type} product={product} onClose={onClose} />}
      </QueryState>
    </Modal>
  );
};

/** The create dialog of a product type, or the edit dialog of a product (the one of its type). */
export const ProductDialog = ({
  type,
  productId,
  onClose,
}: {
  type?: ProductType;
  productId?: number;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  if (productId !== undefined) return <EditProduct productId={productId} onClose={onClose} />;
  const newType = type ?? 'CUSTOM_PRODUCT';
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('products.dialog.new', { type: t(`products.type.${newType}`) })}
    >
      <ProductEditor type={newType} onClose={onClose} />
    </Modal>
  );
};
