import { Badge, Button, Center, Group, Loader, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TicketRuleset } from '@rmm/domain';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { LabelledActionIcon } from '../../../components/labelled-action-icon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { RulesetFetchError } from '../../../components/ruleset-fetch-error.tsx';
import { useTicketRulesetsQuery } from '../../../lib/ticket-rulesets.ts';
import { RulesetDialog } from './ruleset-dialog.tsx';

const RulesetsTable = ({
  rulesets,
  canManage,
  onEdit,
}: {
  rulesets: TicketRuleset[];
  canManage: boolean;
  onEdit: (ruleset: TicketRuleset) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('ticketRulesets.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ticketRulesets.column.name')}</Table.Th>
            <Table.Th>{t('ticketRulesets.column.type')}</Table.Th>
            <Table.Th>{t('ticketRulesets.column.state')}</Table.Th>
            <Table.Th>{t('ticketRulesets.column.updated')}</Table.Th>
            <Table.Th w={60}>
              <VisuallyHidden>{t('ticketRulesets.actions', { name: '' })}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rulesets.map((ruleset) => (
            <Table.Tr key={ruleset.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {ruleset.name}
                </Text>
              </Table.Td>
              <Table.Td>{t(`ticketRulesets.type.${ruleset.type}`)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Badge variant="light" color={ruleset.enabled ? 'green' : 'gray'}>
                    {ruleset.enabled ? t('ticketRulesets.enabled') : t('ticketRulesets.disabled')}
                  </Badge>
                  {ruleset.isDefault && (
                    <Badge variant="outline" color="blue">
                      {t('ticketRulesets.default')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <RelativeTime value={ruleset.updateTime} size="sm" />
              </Table.Td>
              <Table.Td>
                <Group
                  gap={4}
                  wrap="nowrap"
                  role="group"
                  aria-label={t('ticketRulesets.actions', { name: ruleset.name })}
                >
                  <LabelledActionIcon
                    label={t('ticketRulesets.edit', { name: ruleset.name })}
                    disabled={!canManage}
                    onClick={() => onEdit(ruleset)}
                  >
                    <IconEdit size={16} />
                  </LabelledActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** The open dialog, kept in the URL: `?ruleset=new` or `?ruleset=<id>`. */
const useDialogParam = () => {
  const [params, setParams] = useSearchParams();
  const value = params.get('ruleset');
  const set = (next: string | undefined) =>
    setParams((current) => {
      if (next) current.set('ruleset', next);
      else current.delete('ruleset');
      return current;
    });
  const id = Number(value);
  return {
    editing: value === 'new' ? ('new' as const) : Number.isInteger(id) && id > 0 ? id : undefined,
    open: (ruleset?: TicketRuleset) => set(ruleset ? String(ruleset.id) : 'new'),
    close: () => set(undefined),
  };
};

/**
 * `/administration/apps/ticketing/rulesets`: the ticket rulesets (spec §3, §7 over GraphQL), each with its trigger
 * type, whether it is enabled and which one is the default; create and edit in a dialog. Reading needs
 * ticketing.view, changing settings.manage. A failed read shows spec §8's "Error fetching ruleset".
 */
export const TicketRulesetsPage = () => {
  const { t } = useTranslation();
  const rulesets = useTicketRulesetsQuery();
  const canManage = useHasPermission('settings.manage');
  const dialog = useDialogParam();

  return (
    <>
      <PageHeader
        title={t('ticketRulesets.title')}
        actions={
          <Button leftSection={<IconPlus size={16} />} disabled={!canManage} onClick={() => dialog.open()}>
            {t('ticketRulesets.new')}
          </Button>
        }
      />
      <Text c="dimmed" mb="md" maw={820}>
        {t('ticketRulesets.intro')}
      </Text>
      {rulesets.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : rulesets.isError ? (
        <RulesetFetchError error={rulesets.error} onRetry={() => rulesets.refetch()} />
      ) : (
        <Paper withBorder>
          <RulesetsTable rulesets={rulesets.data} canManage={canManage} onEdit={dialog.open} />
        </Paper>
      )}
      {dialog.editing !== undefined && canManage && (
        <RulesetDialog
          rulesetId={dialog.editing === 'new' ? undefined : dialog.editing}
          onClose={dialog.close}
        />
      )}
    </>
  );
};
