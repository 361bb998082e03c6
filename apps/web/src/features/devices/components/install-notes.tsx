import { List, Stack, Tabs, Text } from '@mantine/core';
import { IconBrandApple, IconBrandWindows, IconTerminal2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type InstallPlatform, installServiceCommand, serviceStateDirs } from '../enrollment-command.ts';
import { CommandBlock } from './command-block.tsx';

const platforms: { value: InstallPlatform; icon: typeof IconTerminal2 }[] = [
  { value: 'linux', icon: IconTerminal2 },
  { value: 'windows', icon: IconBrandWindows },
  { value: 'macos', icon: IconBrandApple },
];

/** What `install-service` of apps/agent does on each platform: systemd, WinSW, launchd. */
const steps: Record<InstallPlatform, string[]> = {
  linux: ['devices.install.linux.unit', 'devices.install.linux.start'],
  windows: ['devices.install.windows.xml', 'devices.install.windows.winsw', 'devices.install.windows.start'],
  macos: ['devices.install.macos.plist', 'devices.install.macos.start'],
};

const guessPlatform = (): InstallPlatform => {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (/Windows/i.test(agent)) return 'windows';
  if (/Mac OS X|Macintosh/i.test(agent)) return 'macos';
  return 'linux';
};

/** Per-platform notes to run the agent as a service; the token is used once, at enrolment. */
export const InstallNotes = ({ server, token }: { server: string; token: string }) => {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue={guessPlatform()} keepMounted={false}>
      <Tabs.List>
        {platforms.map(({ value, icon: Icon }) => (
          <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />}>
            {t(`devices.install.${value}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {platforms.map(({ value }) => (
        <Tabs.Panel key={value} value={value} pt="sm">
          <Stack gap="xs">
            <Text size="sm">{t(`devices.install.${value}.intro`)}</Text>
            <CommandBlock
              command={installServiceCommand(value, server, token)}
              label={t('devices.install.serviceCommand', { platform: t(`devices.install.${value}`) })}
            />
            <List size="sm" type="ordered" spacing={4}>
              {steps[value].map((key) => (
                <List.Item key={key}>{t(key, { stateDir: serviceStateDirs[value] })}</List.Item>
              ))}
            </List>
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
};
