import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const HelpLoading = ({ label }: { label?: string }) => {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={label ?? t('help.loading')} />
    </Center>
  );
};
