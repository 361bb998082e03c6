import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { EXTENSION_BLOCKED_TEXT } from '@rmm/domain';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export const ExtensionBlockedPage = () => {
  const { t } = useTranslation();
  return (
    <Center mih="100vh">
      <Stack align="center">
        <ThemeIcon size={64} radius="xl" color="red" variant="light">
          <IconShieldLock size={34} />
        </ThemeIcon>
        <Title order={2}>{t('extensionBlocked.title')}</Title>
        <Text>{EXTENSION_BLOCKED_TEXT}</Text>
      </Stack>
    </Center>
  );
};
