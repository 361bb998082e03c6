import { Button, Group, Stack, Text } from '@mantine/core';
import type { EffectiveScheduledScript, PolicyScheduledScript } from '@rmm/domain';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeScheduledScript } from '../describe-item.ts';
import type { PolicyDraft } from '../editor-model.ts';
import { type ItemLists, itemRows, overrideItem, saveOwnItem } from '../item-model.ts';
import type { ItemDialogMode } from './backup-plan-dialog.tsx';
import { ItemsTable } from './items-table.tsx';
import { ScheduledScriptDialog } from './scheduled-script-dialog.tsx';

type Dialog = { mode: ItemDialogMode; script?: PolicyScheduledScript } | null;

/** The policy's scheduled scripts as they apply: inherited ones (override, deactivate, revert), then its own. */
export const ScheduledScriptsSection = ({
  draft,
  onDraft,
  parentScripts,
  selfName,
  readOnly,
}: {
  draft: PolicyDraft;
  onDraft: (change: (draft: PolicyDraft) => PolicyDraft) => void;
  parentScripts: readonly EffectiveScheduledScript[];
  selfName: string;
  readOnly: boolean;
}) => {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const change = (next: (lists: ItemLists<PolicyScheduledScript>) => ItemLists<PolicyScheduledScript>) =>
    onDraft((current) => {
      const lists = next({ own: current.scheduledScripts, overrides: current.scheduledScriptOverrides });
      return { ...current, scheduledScripts: lists.own, scheduledScriptOverrides: lists.overrides };
    });
  const rows = itemRows(
    { own: draft.scheduledScripts, overrides: draft.scheduledScriptOverrides },
    parentScripts,
    selfName,
  );
  const apply = (script: PolicyScheduledScript) => {
    if (!dialog) return;
    change((lists) =>
      dialog.mode === 'override' ? overrideItem(lists, script) : saveOwnItem(lists, script),
    );
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
          {t('policies.scripts.add')}
        </Button>
        <Text size="sm" c="dimmed" maw={520} ta="right">
          {t('policies.scripts.hint')}
        </Text>
      </Group>
      <ItemsTable
        rows={rows}
        label={t('policies.scripts.tableLabel')}
        nameHeader={t('policies.scripts.column.name')}
        whatHeader={t('policies.scripts.column.what')}
        emptyText={t('policies.scripts.empty')}
        describe={(script) => describeScheduledScript(script, t)}
        readOnly={readOnly}
        onOpen={(mode, item) => setDialog({ mode, script: item })}
        onChange={change}
      />
      {dialog && (
        <ScheduledScriptDialog
          mode={dialog.mode}
          {...(dialog.script ? { script: dialog.script } : {})}
          onApply={apply}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
};
