import {
  ActionIcon,
  Avatar,
  Group,
  Menu,
  Switch,
  TextInput,
  Tooltip,
  useMantineColorScheme,
} from '@mantine/core';
import { links } from '@rmm/domain/links';
import { IconHelp, IconLogout, IconMoon, IconSearch, IconUserCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useHelpFlags } from './branding/queries.ts';
import { useLogoutMutation, useMeQuery } from './session/queries.ts';

export const HeaderBar = ({
  isHelpOpen,
  onToggleHelp,
}: {
  isHelpOpen: boolean;
  onToggleHelp: () => void;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMeQuery();
  const logout = useLogoutMutation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const [query, setQuery] = useState('');
  const isDarkModeAllowed = me.data?.featureFlags.dark_mode ?? false;
  const helpButton = useRef<HTMLButtonElement>(null);
  const wasHelpOpen = useRef(isHelpOpen);
  useEffect(() => {
    // A closed panel takes the focus with it: it goes back to the help button, where the user opened it.
    const isFocusLost = !document.activeElement || document.activeElement === document.body;
    if (wasHelpOpen.current && !isHelpOpen && isFocusLost) helpButton.current?.focus();
    wasHelpOpen.current = isHelpOpen;
  }, [isHelpOpen]);
  // Spec §6: help disabled in the branding hides the whole help menu.
  const { isHelpShown } = useHelpFlags();

  const search = (event: React.FormEvent) => {
    event.preventDefault();
    navigate(links.deviceSearch(query));
  };

  return (
    <Group ml="auto" gap="sm" wrap="nowrap">
      <form onSubmit={search} aria-label={t('header.searchDevices')}>
        <TextInput
          aria-label={t('header.searchDevices')}
          placeholder={t('header.searchDevices')}
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          w={{ base: 160, sm: 280 }}
        />
      </form>
      {isHelpShown && (
        <Tooltip label={t('header.help')}>
          <ActionIcon
            ref={helpButton}
            variant={isHelpOpen ? 'light' : 'subtle'}
            size="lg"
            aria-label={t('header.help')}
            aria-expanded={isHelpOpen}
            onClick={onToggleHelp}
          >
            <IconHelp size={20} />
          </ActionIcon>
        </Tooltip>
      )}
      <Menu position="bottom-end" width={240}>
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" radius="xl" aria-label={t('header.userMenu')}>
            <Avatar size={30} radius="xl" color="blue">
              {(me.data?.user.name || me.data?.user.email || '?').slice(0, 1).toUpperCase()}
            </Avatar>
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label c="bright" fz="sm" fw={500} pb={0}>
            {me.data?.user.name}
          </Menu.Label>
          <Menu.Label pt={0}>{me.data?.user.email}</Menu.Label>
          {isDarkModeAllowed && (
            <Menu.Item leftSection={<IconMoon size={16} />} closeMenuOnClick={false}>
              <Switch
                label={t('header.darkMode')}
                checked={colorScheme === 'dark'}
                onChange={(e) => setColorScheme(e.currentTarget.checked ? 'dark' : 'light')}
              />
            </Menu.Item>
          )}
          <Menu.Item component={Link} to={links.account()} leftSection={<IconUserCircle size={16} />}>
            {t('header.myAccount')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconLogout size={16} />}
            onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/login') })}
          >
            {t('auth.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
};
