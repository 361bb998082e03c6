import { Button, Tabs } from '@mantine/core';
import { links, type TicketingSettingsSection, ticketingSettingsSections } from '@rmm/domain/links';
import { IconRobot } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { BoardsSection } from './boards-section.tsx';
import { FormsSection } from './forms-section.tsx';
import { MailboxesSection } from './mailboxes-section.tsx';
import { SetupListSection } from './setup-list-section.tsx';

/**
 * `/administration/apps/ticketing`: forms (fields, timer), boards, and the ticket template setup lists of spec §3
 * (statuses, teams, types, subtypes, items, priorities, sources, severities, impacts); the section is in the URL
 * (`?section=`). Forms and setup lists change with `settings.manage`, boards with `ticketing.manage`. The ticket
 * rulesets have their own page, linked from here.
 */
export const TicketingSettings = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const canConfigure = useHasPermission('settings.manage');
  const canManageBoards = useHasPermission('ticketing.manage');
  const asked = params.get('section') ?? 'forms';
  const values: readonly string[] = ticketingSettingsSections;
  const section = values.includes(asked) ? asked : 'forms';
  const render = (value: string) => {
    if (value === 'forms') return <FormsSection canManage={canConfigure} />;
    if (value === 'boards') return <BoardsSection canManage={canManageBoards} />;
    if (value === 'mailboxes') return <MailboxesSection canManage={canConfigure} />;
    return (
      <SetupListSection
        key={value}
        list={value as Exclude<TicketingSettingsSection, 'forms' | 'boards' | 'mailboxes'>}
        canManage={canConfigure}
      />
    );
  };
  return (
    <>
      <PageHeader
        title={t('ticketing.settings.title')}
        actions={
          <Button
            component={Link}
            to={links.ticketRulesets()}
            variant="default"
            leftSection={<IconRobot size={16} />}
          >
            {t('ticketing.settings.rulesets')}
          </Button>
        }
      />
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
        styles={{ tabLabel: { textAlign: 'start' } }}
      >
        <Tabs.List miw={180}>
          {ticketingSettingsSections.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`ticketing.settings.section.${value}`)}
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
