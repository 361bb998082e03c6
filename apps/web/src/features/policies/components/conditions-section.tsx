import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  type AlertSeverity,
  type Condition,
  conditionTypeFitsClass,
  type EffectiveCondition,
  type Policy,
} from '@rmm/domain';
import {
  IconArrowBackUp,
  IconCopyCheck,
  IconEdit,
  IconPlayerPause,
  IconPlus,
  IconTestPipe,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeParameters } from '../describe-condition.ts';
import {
  type ConditionRow,
  conditionRows,
  deactivateCondition,
  dryRunConditions,
  overrideCondition,
  type PolicyDraft,
  removeOwnCondition,
  revertCondition,
  saveOwnCondition,
} from '../editor-model.ts';
import { useDryRunMutation } from '../queries.ts';
import { ConditionDialog, type ConditionDialogMode } from './condition-dialog.tsx';
import { DryRunPending, DryRunResults } from './dry-run-results.tsx';

const severityColors: Record<AlertSeverity, string> = {
  NONE: 'gray',
  MINOR: 'blue',
  MODERATE: 'yellow',
  MAJOR: 'orange',
  CRITICAL: 'red',
};

const stateColors: Record<ConditionRow['state'], string> = {
  OWN: 'blue',
  INHERITED: 'gray',
  OVERRIDDEN: 'violet',
  DEACTIVATED: 'dark',
  PARENT_INACTIVE: 'dark',
};

type Dialog = { mode: ConditionDialogMode; condition?: Condition } | null;

const RowActions = ({
  row,
  readOnly,
  onOpen,
  onDraft,
}: {
  row: ConditionRow;
  readOnly: boolean;
  onOpen: (dialog: Dialog) => void;
  onDraft: (change: (draft: PolicyDraft) => PolicyDraft) => void;
}) => {
  const { t } = useTranslation();
  const name = row.condition.name;
  const action = (label: string, icon: React.ReactNode, onClick: () => void, color?: string) => (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={label} disabled={readOnly} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={t('policies.conditions.actions', { name })}>
      {row.state === 'OWN' && (
        <>
          {action(t('policies.conditions.editOwn', { name }), <IconEdit size={16} />, () =>
            onOpen({ mode: 'edit', condition: row.condition }),
          )}
          {action(
            t('policies.conditions.remove', { name }),
            <IconTrash size={16} />,
            () => onDraft((draft) => removeOwnCondition(draft, row.id)),
            'red',
          )}
        </>
      )}
      {(row.state === 'INHERITED' || row.state === 'PARENT_INACTIVE') &&
        action(t('policies.conditions.override', { name }), <IconCopyCheck size={16} />, () =>
          onOpen({ mode: 'override', condition: row.condition }),
        )}
      {row.state === 'INHERITED' &&
        action(t('policies.conditions.deactivate', { name }), <IconPlayerPause size={16} />, () =>
          onDraft((draft) => deactivateCondition(draft, row.id)),
        )}
      {row.state === 'OVERRIDDEN' &&
        action(t('policies.conditions.editOverride', { name }), <IconEdit size={16} />, () =>
          onOpen({ mode: 'override', condition: row.condition }),
        )}
      {(row.state === 'OVERRIDDEN' || row.state === 'DEACTIVATED') &&
        action(t('policies.conditions.revert', { name }), <IconArrowBackUp size={16} />, () =>
          onDraft((draft) => revertCondition(draft, row.id)),
        )}
    </Group>
  );
};

/**
 * The policy's conditions as they apply: inherited ones (with override, deactivate and revert), then its own
 * (add, edit, remove); and the dry run of what changed.
 */
export const ConditionsSection = ({
  draft,
  onDraft,
  parentConditions,
  selfName,
  saved,
  readOnly,
}: {
  draft: PolicyDraft;
  onDraft: (change: (draft: PolicyDraft) => PolicyDraft) => void;
  parentConditions: readonly EffectiveCondition[];
  selfName: string;
  saved?: Policy;
  readOnly: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const rows = conditionRows(draft, parentConditions, selfName);
  const dryRun = useDryRunMutation(saved?.id ?? 0);
  const [tried, setTried] = useState<ReturnType<typeof dryRunConditions> | null>(null);
  const runDryRun = () => {
    const next = dryRunConditions(draft, saved, parentConditions);
    setTried(next);
    if (next.conditions.length > 0) dryRun.mutate({ conditions: next.conditions });
  };
  const apply = (condition: Condition) => {
    if (!dialog) return;
    onDraft((current) =>
      dialog.mode === 'override'
        ? overrideCondition(current, condition)
        : saveOwnCondition(current, condition),
    );
    setDialog(null);
  };
  const exists = (key: string) => i18n.exists(key);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Button
          leftSection={<IconPlus size={16} />}
          disabled={readOnly}
          onClick={() => setDialog({ mode: 'add' })}
        >
          {t('policies.conditions.add')}
        </Button>
        <Group gap="xs">
          <Text size="sm" c="dimmed" maw={420} ta="right">
            {saved ? t('policies.dryRun.hint') : t('policies.dryRun.saveFirst')}
          </Text>
          <Button
            variant="default"
            leftSection={<IconTestPipe size={16} />}
            disabled={!saved}
            loading={dryRun.isPending}
            onClick={runDryRun}
          >
            {t('policies.dryRun.run')}
          </Button>
        </Group>
      </Group>
      {rows.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">{t('policies.conditions.empty')}</Text>
        </Paper>
      ) : (
        <Paper withBorder>
          <Table verticalSpacing="sm" aria-label={t('policies.conditions.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('policies.conditions.column.name')}</Table.Th>
                <Table.Th w={150}>{t('policies.conditions.column.type')}</Table.Th>
                <Table.Th w={120}>{t('policies.conditions.column.severity')}</Table.Th>
                <Table.Th w={220}>{t('policies.conditions.column.source')}</Table.Th>
                <Table.Th w={100}>
                  <VisuallyHidden>{t('policies.conditions.actions', { name: '' })}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const inactive = row.state === 'DEACTIVATED' || row.state === 'PARENT_INACTIVE';
                return (
                  <Table.Tr key={row.id} style={{ opacity: inactive ? 0.55 : 1 }}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={500} td={inactive ? 'line-through' : undefined}>
                          {row.condition.name}
                        </Text>
                        {!row.condition.enabled && (
                          <Badge size="xs" variant="outline" color="gray">
                            {t('policies.conditions.disabled')}
                          </Badge>
                        )}
                        {!conditionTypeFitsClass(row.condition.type, draft.nodeClass) && (
                          <Badge size="xs" color="red" variant="light">
                            {t('policies.conditions.notForClass')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {describeParameters(row.condition, t, exists)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{t(`policies.conditionType.${row.condition.type}`)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={severityColors[row.condition.severity]}>
                        {t(`policies.severity.${row.condition.severity}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="dot" color={stateColors[row.state]} tt="none" fw={500}>
                        {t(`policies.conditions.state.${row.state}`, { name: row.definedByName })}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <RowActions row={row} readOnly={readOnly} onOpen={setDialog} onDraft={onDraft} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {tried && tried.conditions.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('policies.dryRun.nothingToRun')}
        </Text>
      )}
      {dryRun.error && (
        <Text size="sm" c="red" role="alert">
          {dryRun.error.message}
        </Text>
      )}
      {dryRun.isPending && <DryRunPending />}
      {tried && dryRun.data && !dryRun.isPending && (
        <DryRunResults conditions={tried.conditions} changed={tried.changed} results={dryRun.data.results} />
      )}
      {dialog && (
        <ConditionDialog
          mode={dialog.mode}
          condition={dialog.condition}
          nodeClass={draft.nodeClass}
          onApply={apply}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
};
