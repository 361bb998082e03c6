import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestDemoDialog } from './request-demo-dialog.tsx';

/**
 * What the backup pages show where backup is not in use (no plan covers the devices and there is no data):
 * what backup does, and the way to ask for a demo.
 */
export const BackupPromotionCard = () => {
  const { t } = useTranslation();
  const [isDialogOpen, setDialogOpen] = useState(false);
  return (
    <Paper withBorder p="xl" maw={720}>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconCloudUpload size={30} />
        </ThemeIcon>
        <Stack gap="sm">
          <Title order={3}>{t('backupPromotion.card.title')}</Title>
          <Text>{t('backupPromotion.card.body')}</Text>
          <Text c="dimmed">{t('backupPromotion.card.demo')}</Text>
          <Group>
            <Button onClick={() => setDialogOpen(true)}>{t('backupPromotion.card.request')}</Button>
          </Group>
        </Stack>
      </Group>
      {isDialogOpen && <RequestDemoDialog onClose={() => setDialogOpen(false)} />}
    </Paper>
  );
};
