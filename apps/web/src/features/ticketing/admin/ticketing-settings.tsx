import { Tabs } from '@mantine/core';
import { type TicketingSettingsSection, ticketingSettingsSections } from '@rmm/domain/links';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { BoardsSection } from './boards-section.tsx';
import { FormsSection } from './forms-section.tsx';
import { SetupListSection } from './setup-list-section.tsx';

/** A section another feature adds to the page (the ticket rulesets), shown after ticketing's own. */
export type ExtraSettingsSection = { value: string; label: string; render: () => ReactNode };

/**
 * `/administration/apps/ticketing`: forms (fields, timer), boards, and the ticket template setup lists of spec §3
 * (statuses, teams, types, subtypes, items, priorities, sources, severities, impacts); the section is in the URL
 * (`?section=`). Forms and setup lists change with `settings.manage`, boards with `ticketing.manage`.
 */
export const TicketingSettings = ({
  extraSections = [],
}: {
  extraSections?: readonly ExtraSettingsSection[];
}) => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const canConfigure = useHasPermission('settings.manage');
  const canManageBoards = useHasPermission('ticketing.manage');
  const asked = params.get('section') ?? 'forms';
  const values: string[] = [...ticketingSettingsSections, ...extraSections.map((extra) => extra.value)];
  const section = values.includes(asked) ? asked : 'forms';
  const render = (value: string) => {
    if (value === 'forms') return <FormsSection canManage={canConfigure} />;
    if (value === 'boards') return <BoardsSection canManage={canManageBoards} />;
    const extra = extraSections.find((candidate) => candidate.value === value);
    if (extra) return extra.render();
    return (
      <SetupListSection
        key={value}
        list={value as Exclude<TicketingSettingsSection, 'forms' | 'boards'>}
        canManage={canConfigure}
      />
    );
  };
  return (
    <>
      <PageHeader title={t('ticketing.settings.title')} />
      <Tabs
        orientation="vertical"
        value={section}
        onChange={(value) =>
          value &&
          setParams((current) => {
            value === 'forms' ? current.delete('section') : current.set('section', value);
            return current;
          })
        }
        keepMounted={false}
      >
        <Tabs.List miw={180}>
          {ticketingSettingsSections.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`ticketing.settings.section.${value}`)}
            </Tabs.Tab>
          ))}
          {extraSections.map((extra) => (
            <Tabs.Tab key={extra.value} value={extra.value}>
              {extra.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {values.map((value) => (
          <Tabs.Panel key={value} value={value} pl="md" style={{ minWidth: 0, flex: 1 }}>
            {value === section && render(value)}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
};
