import { ActionIcon, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { isLaborProductType, type Product, unitPriceOf } from '@rmm/domain';
import { IconEdit, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/relative-time.tsx';

const PriceCell = ({ product }: { product: Product }) => {
  const { t } = useTranslation();
  const price = unitPriceOf(product);
  if (price === null) return <Text c="dimmed">{t('products.noPrice')}</Text>;
  return <>{isLaborProductType(product.type) ? t('products.perHour', { price }) : price}</>;
};

/** The products of a page: name, type, price, billing, status, last change, and what the caller may do. */
export const ProductsTable = ({
  products,
  canManage,
  onEdit,
  onSetActive,
}: {
  products: Product[];
  canManage: boolean;
  onEdit: (product: Product) => void;
  onSetActive: (product: Product, isActive: boolean) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('products.tableLabel')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('products.column.name')}</Table.Th>
          <Table.Th>{t('products.column.type')}</Table.Th>
          <Table.Th ta="right">{t('products.column.price')}</Table.Th>
          <Table.Th>{t('products.column.billing')}</Table.Th>
          <Table.Th>{t('products.column.status')}</Table.Th>
          <Table.Th>{t('products.column.updated')}</Table.Th>
          <Table.Th w={90}>
            <VisuallyHidden>{t('products.actions', { name: '' })}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {products.map((product) => {
          const toggle = product.isActive ? 'products.deactivate' : 'products.activate';
          return (
            <Table.Tr key={product.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {product.name}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {product.description}
                </Text>
              </Table.Td>
              <Table.Td>{t(`products.type.${product.type}`)}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                <PriceCell product={product} />
              </Table.Td>
              <Table.Td>
                {product.content.billing ? t(`products.billing.${product.content.billing}`) : ''}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={product.isActive ? 'green' : 'gray'}>
                  {t(product.isActive ? 'products.status.active' : 'products.status.inactive')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <RelativeTime value={product.updateTime} size="sm" />
              </Table.Td>
              <Table.Td>
                <Group
                  gap={4}
                  wrap="nowrap"
                  role="group"
                  aria-label={t('products.actions', { name: product.name })}
                >
                  <Tooltip label={t('products.edit', { name: product.name })}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('products.edit', { name: product.name })}
                      disabled={!canManage}
                      onClick={() => onEdit(product)}
                    >
                      <IconEdit size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t(toggle, { name: product.name })}>
                    <ActionIcon
                      variant="subtle"
                      color={product.isActive ? 'orange' : 'green'}
                      aria-label={t(toggle, { name: product.name })}
                      disabled={!canManage}
                      onClick={() => onSetActive(product, !product.isActive)}
                    >
                      {product.isActive ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
};
