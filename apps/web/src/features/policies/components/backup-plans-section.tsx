import { Button, Group, Stack, Text } from '@mantine/core';
import type { EffectiveBackupPlan, PolicyBackupPlan } from '@rmm/domain';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeBackupPlan } from '../describe-item.ts';
import type { PolicyDraft } from '../editor-model.ts';
import { type ItemLists, itemRows, overrideItem, saveOwnItem } from '../item-model.ts';
import { BackupPlanDialog, type ItemDialogMode } from './backup-plan-dialog.tsx';
import { ItemsTable } from './items-table.tsx';

type Dialog = { mode: ItemDialogMode; plan?: PolicyBackupPlan } | null;

/** The policy's backup plans as they apply: inherited ones (override, deactivate, revert), then its own. */
export const BackupPlansSection = ({
  draft,
  onDraft,
  parentPlans,
  selfName,
  readOnly,
}: {
  draft: PolicyDraft;
  onDraft: (change: (draft: PolicyDraft) => PolicyDraft) => void;
  parentPlans: readonly EffectiveBackupPlan[];
  selfName: string;
  readOnly: boolean;
}) => {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const change = (next: (lists: ItemLists<PolicyBackupPlan>) => ItemLists<PolicyBackupPlan>) =>
    onDraft((current) => {
      const lists = next({ own: current.backupPlans, overrides: current.backupPlanOverrides });
      return { ...current, backupPlans: lists.own, backupPlanOverrides: lists.overrides };
    });
  const rows = itemRows(
    { own: draft.backupPlans, overrides: draft.backupPlanOverrides },
    parentPlans,
    selfName,
  );
  const apply = (plan: PolicyBackupPlan) => {
    if (!dialog) return;
    change((lists) => (dialog.mode === 'override' ? overrideItem(lists, plan) : saveOwnItem(lists, plan)));
    setDialog(null);
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Button
          leftSection={<IconPlus size={16} />}
          disabled={readOnly}
          onClick={() => setDialog({ mode: 'add' })}
        >
          {t('policies.backupPlans.add')}
        </Button>
        <Text size="sm" c="dimmed" maw={520} ta="right">
          {t('policies.backupPlans.hint')}
        </Text>
      </Group>
      <ItemsTable
        rows={rows}
        label={t('policies.backupPlans.tableLabel')}
        nameHeader={t('policies.backupPlans.column.name')}
        whatHeader={t('policies.backupPlans.column.what')}
        emptyText={t('policies.backupPlans.empty')}
        describe={(plan) => describeBackupPlan(plan, t)}
        readOnly={readOnly}
        onOpen={(mode, plan) => setDialog({ mode, plan })}
        onChange={change}
      />
      {dialog && (
        <BackupPlanDialog
          mode={dialog.mode}
          {...(dialog.plan ? { plan: dialog.plan } : {})}
          onApply={apply}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
};
