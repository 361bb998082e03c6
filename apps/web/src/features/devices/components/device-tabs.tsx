import { Tabs } from '@mantine/core';
import { links } from '@rmm/domain/links';
import {
  IconActivity,
  IconCloudUpload,
  IconLayoutDashboard,
  IconListDetails,
  IconPackage,
  IconSettings,
  IconTicket,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';

export const deviceTabs = [
  'overview',
  'details',
  'settings',
  'software',
  'backup',
  'activities',
  'ticketing',
] as const;
export type DeviceTab = (typeof deviceTabs)[number];

const icons = {
  overview: IconLayoutDashboard,
  details: IconListDetails,
  settings: IconSettings,
  software: IconPackage,
  backup: IconCloudUpload,
  activities: IconActivity,
  ticketing: IconTicket,
} as const;

/** The path of a tab; paged tabs open on their first page. */
export const deviceTabPath = (id: number, tab: DeviceTab) =>
  tab === 'backup'
    ? links.deviceBackup(id)
    : tab === 'software' || tab === 'activities'
      ? links.devicePage(id, tab)
      : links.device(id, tab);

/** The device page's tab bar: each tab is a route of its own (arrow keys move between tabs). */
export const DeviceTabs = ({ id, tab }: { id: number; tab: DeviceTab }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The tickets' tab for those who may read tickets (the route says so too).
  const canSeeTickets = useHasPermission('ticketing.view');
  const shown = deviceTabs.filter((value) => value !== 'ticketing' || canSeeTickets);
  return (
    <Tabs value={tab} onChange={(value) => value && navigate(deviceTabPath(id, value as DeviceTab))} mb="md">
      <Tabs.List>
        {shown.map((value) => {
          const Icon = icons[value];
          return (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />}>
              {t(`devices.tab.${value}`)}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
    </Tabs>
  );
};
