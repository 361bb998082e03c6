import { Badge } from '@mantine/core';
import { type AgreementProduct, isCountedQuantitySource } from '@rmm/domain';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The products of an agreement or template, by name; a product counted from devices, end users or backup
 * carries its quantity mode ("Counted": the count at invoicing, "Fixed": the quantity typed).
 */
export const AgreementProductNames = ({ products }: { products: readonly AgreementProduct[] }) => {
  const { t } = useTranslation();
  if (products.length === 0) return <>—</>;
  return (
    <>
      {products.map((product, index) => (
        <Fragment key={product.id}>
          {index > 0 && ', '}
          {product.name}
          {isCountedQuantitySource(product.quantitySource) && (
            <Badge
              size="xs"
              variant="light"
              color={product.quantityMode === 'COUNTED' ? 'teal' : 'gray'}
              ml={4}
              style={{ verticalAlign: 'middle' }}
            >
              {product.quantityMode === 'COUNTED'
                ? t('billing.products.counted')
                : t('billing.products.fixed')}
            </Badge>
          )}
        </Fragment>
      ))}
    </>
  );
};
