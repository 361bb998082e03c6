import { Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandApple, IconBrandWindows, IconTerminal2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { AddDeviceDialog } from './add-device-dialog.tsx';
import { EnrollmentTokensTable } from './enrollment-tokens-table.tsx';

const platforms = [
  { key: 'linux', icon: IconTerminal2 },
  { key: 'windows', icon: IconBrandWindows },
  { key: 'macos', icon: IconBrandApple },
] as const;

/** `/administration/library/downloads`: the agent, how it installs, and the enrolment tokens. */
export const DownloadsPage = () => {
  const { t } = useTranslation();
  const canEnrol = useHasPermission('enrollment.manage');
  return (
    <>
      <PageHeader title={t('downloads.title')} actions={canEnrol && <AddDeviceDialog />} />
      <Text mb="md" maw={760}>
        {t('downloads.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }} mb="xl">
        {platforms.map(({ key, icon: Icon }) => (
          <Card withBorder key={key}>
            <Stack gap="xs">
              <ThemeIcon variant="light" size="lg">
                <Icon size={20} />
              </ThemeIcon>
              <Title order={3} size="h4">
                {t(`devices.install.${key}`)}
              </Title>
              <Text size="sm">{t(`devices.install.${key}.intro`)}</Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Title order={3} mb="xs">
        {t('downloads.requirements')}
      </Title>
      <List size="sm" mb="xl" spacing={4}>
        <List.Item>{t('downloads.requirement.node')}</List.Item>
        <List.Item>{t('downloads.requirement.checkout')}</List.Item>
        <List.Item>{t('downloads.requirement.network')}</List.Item>
      </List>
      {canEnrol && (
        <>
          <Title order={3} mb="xs">
            {t('devices.tokens.title')}
          </Title>
          <EnrollmentTokensTable />
        </>
      )}
    </>
  );
};
