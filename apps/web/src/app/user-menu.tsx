import { Menu, Switch, useMantineColorScheme } from '@mantine/core';
import { links } from '@rmm/domain/links';
import { IconLogout, IconMoon, IconUserCircle } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLogoutMutation, useMeQuery } from './session/queries.ts';

/**
 * The header's user menu: who is signed in, dark mode (when allowed), the account page, sign out. Loaded
 * after the first screen (header-bar.tsx shows `target` alone meanwhile); `defaultOpened` when the
 * target was clicked before it arrived.
 */
export default function UserMenu({
  target,
  defaultOpened,
}: {
  target: ReactElement;
  defaultOpened: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMeQuery();
  const logout = useLogoutMutation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const isDarkModeAllowed = me.data?.featureFlags.dark_mode ?? false;

  return (
    <Menu position="bottom-end" width={240} defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
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
  );
}
