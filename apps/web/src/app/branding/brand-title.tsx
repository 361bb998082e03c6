import { Group, Image, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBrandingQuery } from './queries.ts';

/** The product's logo and name, as branded (the header and the sign-in page). */
export const BrandTitle = ({ order = 4, logoHeight = 32 }: { order?: 2 | 4; logoHeight?: number }) => {
  const { t } = useTranslation();
  const { data } = useBrandingQuery();
  const name = data?.productName ?? t('app.name');
  return (
    <Group gap="xs" wrap="nowrap">
      {data?.logoUrl && <Image src={data.logoUrl} alt="" h={logoHeight} w="auto" fit="contain" />}
      <Title order={order}>{name}</Title>
    </Group>
  );
};
