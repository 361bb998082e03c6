import { Anchor, AppShell, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { HELP_PANEL_WIDTH_PX } from '@rmm/domain/constants';
import {
  IconAdjustments,
  IconBuilding,
  IconDeviceDesktop,
  IconGauge,
  IconHeadset,
  IconReport,
  IconRocket,
  IconTicket,
} from '@tabler/icons-react';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { useHelpPanelState } from '../features/help/use-help-panel-state.ts';
import { BrandTitle } from './branding/brand-title.tsx';
import { HeaderBar } from './header-bar.tsx';
import { HelpPanel } from './help-panel.tsx';
import { visibleAdministrationLinks, visibleNavSections } from './navigation.ts';
import { useRealtimeEvents } from './realtime/use-realtime-events.ts';
import { useMeQuery } from './session/queries.ts';

const icons: Record<string, typeof IconGauge> = {
  getStarted: IconRocket,
  dashboard: IconGauge,
  devices: IconDeviceDesktop,
  organizations: IconBuilding,
  ticketing: IconTicket,
  reporting: IconReport,
  remote: IconHeadset,
};

export const AppLayout = () => {
  const { t } = useTranslation();
  const [isNavOpen, nav] = useDisclosure();
  const help = useHelpPanelState();
  const { pathname } = useLocation();
  const isActive = (to: string) => pathname === to || pathname.startsWith(`${to}/`);
  // One realtime channel for the signed-in console: device events refresh what they change.
  useRealtimeEvents();
  // Only what the user may open: the server refuses the rest anyway (403), the menu does not offer it.
  const permissions = useMeQuery().data?.permissions;
  const { sections, administration } = useMemo(() => {
    const held = new Set(permissions ?? []);
    return { sections: visibleNavSections(held), administration: visibleAdministrationLinks(held) };
  }, [permissions]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
      aside={{
        width: HELP_PANEL_WIDTH_PX,
        breakpoint: 'sm',
        collapsed: { desktop: !help.isOpen, mobile: !help.isOpen },
      }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" wrap="nowrap">
          <Burger
            opened={isNavOpen}
            onClick={nav.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label="Toggle navigation"
          />
          <Anchor component={Link} to="/systemDashboard/overview" underline="never" c="inherit">
            <BrandTitle />
          </Anchor>
          <HeaderBar isHelpOpen={help.isOpen} onToggleHelp={help.toggle} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <ScrollArea>
          <nav aria-label="Main">
            {sections.map((section) => {
              const Icon = icons[section.key] ?? IconGauge;
              const label = t(section.labelKey);
              if (section.to) {
                return (
                  <NavLink
                    key={section.key}
                    component={Link}
                    to={section.to}
                    label={label}
                    leftSection={<Icon size={18} />}
                    active={isActive(section.to)}
                  />
                );
              }
              return (
                <NavLink
                  key={section.key}
                  label={label}
                  leftSection={<Icon size={18} />}
                  defaultOpened={section.links?.some((l) => isActive(l.to))}
                >
                  {section.links?.map((link) => (
                    <NavLink
                      key={link.to}
                      component={Link}
                      to={link.to}
                      label={link.label}
                      active={isActive(link.to)}
                    />
                  ))}
                </NavLink>
              );
            })}
            {administration.length > 0 && (
              <NavLink
                label={t('nav.administration')}
                leftSection={<IconAdjustments size={18} />}
                defaultOpened={pathname.startsWith('/administration')}
              >
                {administration.map((group) => (
                  <div key={group.group}>
                    <Text size="xs" c="dimmed" tt="uppercase" fw={700} px="sm" pt="xs">
                      {group.group}
                    </Text>
                    {group.links.map((link) => (
                      <NavLink
                        key={link.to}
                        component={Link}
                        to={link.to}
                        label={link.label}
                        active={isActive(link.to)}
                      />
                    ))}
                  </div>
                ))}
              </NavLink>
            )}
          </nav>
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        {/* A screen's code loads on first use; the frame stays while it does. */}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <AppShell.Aside>{help.isOpen && <HelpPanel onClose={help.close} />}</AppShell.Aside>
    </AppShell>
  );
};
