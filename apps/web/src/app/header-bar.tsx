import { ActionIcon, Avatar, Group, TextInput, Tooltip } from '@mantine/core';
import { links } from '@rmm/domain/links';
import { IconHelp, IconSearch } from '@tabler/icons-react';
import { cloneElement, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHelpFlags } from './branding/queries.ts';
import { useMeQuery } from './session/queries.ts';

// The menu (and its dropdown machinery) loads after the first screen; its button shows meanwhile.
const UserMenu = lazy(() => import('./user-menu.tsx'));

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
  const [query, setQuery] = useState('');
  const [isMenuWanted, setIsMenuWanted] = useState(false);
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

  const userButton = (
    <ActionIcon variant="subtle" size="lg" radius="xl" aria-label={t('header.userMenu')}>
      <Avatar size={30} radius="xl" color="blue">
        {(me.data?.user.name || me.data?.user.email || '?').slice(0, 1).toUpperCase()}
      </Avatar>
    </ActionIcon>
  );

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
      <Suspense fallback={cloneElement(userButton, { onClick: () => setIsMenuWanted(true) })}>
        <UserMenu target={userButton} defaultOpened={isMenuWanted} />
      </Suspense>
    </Group>
  );
};
