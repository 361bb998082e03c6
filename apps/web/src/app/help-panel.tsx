import { CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** The help side panel frame (420 px, closes on Escape); articles and tickets come with the help issue. */
export const HelpPanel = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  useHotkeys([['Escape', onClose]], []);
  return (
    <Stack p="md" role="complementary" aria-label={t('help.title')}>
      <Group justify="space-between">
        <Title order={4}>{t('help.title')}</Title>
        <CloseButton aria-label={t('common.close')} onClick={onClose} />
      </Group>
      <Text c="dimmed">{t('help.comingSoon')}</Text>
    </Stack>
  );
};
