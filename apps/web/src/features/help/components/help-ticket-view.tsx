import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The "submit help ticket" view of the stack; its form comes with the tickets issue (no fake form meanwhile). */
export const HelpTicketView = () => {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={5}>{t('help.ticketTitle')}</Title>
      <Text c="dimmed">{t('help.ticketComingSoon')}</Text>
    </Stack>
  );
};
