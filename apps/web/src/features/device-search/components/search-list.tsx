import { NavLink, Text } from '@mantine/core';
import type { DeviceSearch } from '@rmm/domain';
import { IconFolder, IconSearch, IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type SearchSection, searchSection } from '../search-groups.ts';

const sections: { section: SearchSection; titleKey: string; emptyKey?: string; icon: typeof IconSearch }[] = [
  { section: 'presets', titleKey: 'deviceSearch.presets', icon: IconStar },
  { section: 'saved', titleKey: 'deviceSearch.saved', emptyKey: 'deviceSearch.noSaved', icon: IconSearch },
  { section: 'groups', titleKey: 'deviceSearch.groups', emptyKey: 'deviceSearch.noGroups', icon: IconFolder },
];

/** The default presets, then the technicians' saved searches and groups; each a link that selects it. */
export const SearchList = ({
  searches,
  selectedId,
  hrefFor,
}: {
  searches: DeviceSearch[];
  selectedId: number;
  hrefFor: (id: number) => string;
}) => {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('deviceSearch.searches')}>
      {sections.map(({ section, titleKey, emptyKey, icon: Icon }) => {
        const items = searches.filter((s) => searchSection(s) === section);
        return (
          <div key={section}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700} px="sm" pt="sm" pb={4}>
              {t(titleKey)}
            </Text>
            {items.length === 0 && emptyKey && (
              <Text size="xs" c="dimmed" px="sm" pb="xs">
                {t(emptyKey)}
              </Text>
            )}
            {items.map((search) => (
              <NavLink
                key={search.id}
                component={Link}
                to={hrefFor(search.id)}
                label={search.search}
                leftSection={<Icon size={16} />}
                active={search.id === selectedId}
                aria-current={search.id === selectedId ? 'page' : undefined}
                py={6}
              />
            ))}
          </div>
        );
      })}
    </nav>
  );
};
