import { Button, Group, Modal, Radio, SimpleGrid, Stack } from '@mantine/core';
import { type ProductType, productTypes } from '@rmm/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "New product" asks first which kind: each type has its own dialog. */
export const ProductTypePicker = ({
  onPick,
  onClose,
}: {
  onPick: (type: ProductType) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [type, setType] = useState<ProductType>('MANAGED_DEVICES');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onPick(type);
  };
  return (
    <Modal opened onClose={onClose} size="lg" title={t('products.picker.title')}>
      <form onSubmit={submit}>
        <Stack>
          <Radio.Group
            label={t('products.picker.label')}
            value={type}
            onChange={(value) => setType(value as ProductType)}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="md" verticalSpacing="md">
              {productTypes.map((option) => (
                <Radio
                  key={option}
                  value={option}
                  label={t(`products.type.${option}`)}
                  description={t(`products.typeHint.${option}`)}
                  data-autofocus={option === type || undefined}
                />
              ))}
            </SimpleGrid>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit">{t('products.picker.continue')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
