import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AddTicketProductRequest, AgreementProduct, Product } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { DecimalInput } from '../../../components/inputs/decimal-input.tsx';
import { useTicketBillingMutations } from '../queries.ts';
import { ProductPicker } from './product-picker.tsx';

type Source = 'agreement' | 'catalogue' | 'adHoc';

/** Adds a product to a ticket: one of its agreement's, one of the catalogue's its role may use, or ad hoc. */
export const AddTicketProductDialog = ({
  ticketId,
  agreementProducts,
  onClose,
}: {
  ticketId: number;
  agreementProducts: AgreementProduct[];
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const canPrice = useHasPermission('billing.manage');
  const { add } = useTicketBillingMutations(ticketId);
  const sources: Source[] = [
    ...(agreementProducts.length > 0 ? (['agreement'] as const) : []),
    'catalogue',
    ...(canPrice ? (['adHoc'] as const) : []),
  ];
  const [source, setSource] = useState<Source>(sources[0]!);
  const [agreementProductId, setAgreementProductId] = useState<string | null>(null);
  const [product, setProduct] = useState<Product | null>(null);
  const [name, setName] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [price, setPrice] = useState('');
  const [isBillable, setBillable] = useState(true);

  const body = (): AddTicketProductRequest | null => {
    const common = { quantity, isBillable, ...(price === '' ? {} : { price }) };
    if (source === 'agreement')
      return agreementProductId ? { ...common, agreementProductId: Number(agreementProductId) } : null;
    if (source === 'catalogue') return product ? { ...common, productId: product.id } : null;
    return name.trim() && price ? { ...common, name: name.trim(), price } : null;
  };
  const request = body();
  return (
    <Modal opened onClose={onClose} title={t('billing.ticket.addProduct')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!request) return;
          add.mutate(request, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('billing.ticket.added') });
              onClose();
            },
          });
        }}
      >
        <fieldset disabled={add.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            {add.error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {add.error.message}
              </Alert>
            )}
            {sources.length > 1 && (
              <SegmentedControl
                aria-label={t('billing.ticket.source')}
                value={source}
                onChange={(value) => setSource(value as Source)}
                data={sources.map((value) => ({
                  value,
                  label: t(
                    value === 'agreement'
                      ? 'billing.ticket.fromAgreement'
                      : value === 'catalogue'
                        ? 'billing.ticket.fromCatalogue'
                        : 'billing.ticket.adHoc',
                  ),
                }))}
              />
            )}
            {source === 'agreement' && (
              <Select
                label={t('billing.products.picker')}
                data={agreementProducts.map((line) => ({
                  value: String(line.id),
                  label: `${line.name} (${line.price})`,
                }))}
                value={agreementProductId}
                onChange={setAgreementProductId}
              />
            )}
            {source === 'catalogue' && <ProductPicker kind="usable" value={product} onChange={setProduct} />}
            {source === 'adHoc' && (
              <TextInput
                label={t('billing.ticket.itemName')}
                withAsterisk
                maxLength={200}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
              />
            )}
            <Group grow align="flex-start">
              <DecimalInput
                label={t('billing.products.quantity')}
                required
                min={0}
                minExclusive
                max={1e15}
                decimals={2}
                value={quantity}
                onChange={setQuantity}
              />
              {(canPrice || source === 'adHoc') && (
                <DecimalInput
                  label={t('billing.ticket.itemPrice')}
                  description={source === 'adHoc' ? undefined : t('billing.ticket.itemPriceHint')}
                  required={source === 'adHoc'}
                  min={0}
                  max={1e15}
                  decimals={2}
                  value={price}
                  onChange={setPrice}
                />
              )}
            </Group>
            <Switch
              label={t('billing.ticket.billable')}
              checked={isBillable}
              onChange={(event) => setBillable(event.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={add.isPending} disabled={!request}>
                {t('common.add')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Modal>
  );
};
