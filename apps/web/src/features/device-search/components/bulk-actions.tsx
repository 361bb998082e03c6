import { Alert, Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import type {
  ActionTarget,
  Device,
  ExecuteActionRequest,
  ExecuteActionResponse,
  SearchAction,
} from '@rmm/domain';
import { searchActionPermissions } from '@rmm/domain';
import {
  IconBan,
  IconCircleCheck,
  IconMapPin,
  IconRefresh,
  IconTags,
  IconTerminal2,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMeQuery } from '../../../app/session/queries.ts';
import type { RunScriptValues } from '../../../components/run-script-form.tsx';
import { useExecuteActionMutation } from '../queries.ts';
import { ActionResult } from './action-result.tsx';
import { BulkTagsDialog } from './bulk-tags-dialog.tsx';
import { MoveToLocationDialog } from './move-to-location-dialog.tsx';
import { RunScriptDialog } from './run-script-dialog.tsx';

/** Every runner action is offered in bulk; a page picks those that fit its devices. */
export type BulkAction = SearchAction;

type ActionSpec = {
  icon: typeof IconTrash;
  color?: string;
  /** What is asked before the action runs: a confirmation, a location or a script. */
  ask?: 'confirm' | 'location' | 'script';
};

const actionSpecs: Readonly<Record<BulkAction, ActionSpec>> = {
  APPROVE: { icon: IconCircleCheck, color: 'green' },
  REJECT: { icon: IconBan, color: 'red', ask: 'confirm' },
  DELETE: { icon: IconTrash, color: 'red', ask: 'confirm' },
  MOVE_TO_LOCATION: { icon: IconMapPin, ask: 'location' },
  REBOOT: { icon: IconRefresh, color: 'orange', ask: 'confirm' },
  RUN_SCRIPT: { icon: IconTerminal2, ask: 'script' },
};

/** The fields an action adds to the request: a location, or a script and its job name. */
type ActionInput = Pick<ExecuteActionRequest, 'locationId' | 'script' | 'jobName'>;

/**
 * The bulk actions for the selected devices (POST /search/runner/execute-action). Reject, delete
 * and reboot ask first; move asks for the location, run script for the script. The answer stays on
 * screen until closed.
 */
export const BulkActions = ({
  actions,
  selectedCount,
  resolveTarget,
  onDone,
  summary,
  selectedDevices,
  isAllMatching,
  isDisabled = false,
  withTags = false,
}: {
  actions: readonly BulkAction[];
  selectedCount: number;
  /** What is selected, shown beside the buttons. */
  summary: ReactNode;
  resolveTarget: () => Promise<ActionTarget>;
  onDone: () => void;
  /** The selected devices on this page (all of it when every matching device is selected). */
  selectedDevices: readonly Device[];
  isAllMatching: boolean;
  /** The list is loading other devices: what is selected may not be what is shown. */
  isDisabled?: boolean;
  /** Offer "Tags": add or remove tags on the selected devices (needs devices.manage). */
  withTags?: boolean;
}) => {
  const { t } = useTranslation();
  const execute = useExecuteActionMutation();
  const permissions = useMeQuery().data?.permissions ?? [];
  const has = (permission: string) => permissions.includes(permission);
  // A library script needs scripts.run, ad-hoc code jobs.run: either lets the dialog open.
  const mayRun = (action: BulkAction) =>
    action === 'RUN_SCRIPT' ? has('jobs.run') || has('scripts.run') : has(searchActionPermissions[action]);
  const [result, setResult] = useState<ExecuteActionResponse | null>(null);
  const [targetError, setTargetError] = useState<string | null>(null);
  // Set from the click on: collecting the ids of "all matching" may take a few requests first.
  const [pendingAction, setPendingAction] = useState<BulkAction | null>(null);
  const [isMoveOpen, move] = useDisclosure();
  const [isScriptOpen, script] = useDisclosure();
  const [isTagsOpen, tags] = useDisclosure();

  const clearError = () => {
    setTargetError(null);
    execute.reset();
  };
  const run = async (action: BulkAction, input: ActionInput = {}) => {
    setResult(null);
    clearError();
    setPendingAction(action);
    let target: ActionTarget;
    try {
      target = await resolveTarget();
    } catch (error) {
      setTargetError(error instanceof Error ? error.message : String(error));
      setPendingAction(null);
      return;
    }
    if ('nodeIds' in target && target.nodeIds.length === 0) {
      setPendingAction(null);
      return;
    }
    execute.mutate(
      { action, target, ...input },
      {
        onSettled: () => setPendingAction(null),
        onSuccess: (answer) => {
          setResult(answer);
          move.close();
          script.close();
          onDone();
        },
      },
    );
  };

  const confirm = (action: BulkAction) =>
    modals.openConfirmModal({
      title: t(`deviceSearch.confirm.${action}.title`, { count: selectedCount }),
      children: <Text size="sm">{t(`deviceSearch.confirm.${action}.body`)}</Text>,
      labels: { confirm: t(`deviceSearch.action.${action}`), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void run(action),
    });

  const onClick = (action: BulkAction) => {
    const { ask } = actionSpecs[action];
    clearError();
    if (ask === 'confirm') confirm(action);
    else if (ask === 'location') move.open();
    else if (ask === 'script') script.open();
    else void run(action);
  };
  const runScript = ({ content, jobName }: RunScriptValues) =>
    void run('RUN_SCRIPT', { script: content, jobName });

  const error = targetError ?? execute.error?.message;
  const isDialogOpen = isMoveOpen || isScriptOpen;
  return (
    <>
      {result && <ActionResult result={result} onClose={() => setResult(null)} />}
      {error && !isDialogOpen && (
        <Alert color="red" role="alert" withCloseButton onClose={clearError} mb="sm" py="xs">
          {error}
        </Alert>
      )}
      {selectedCount > 0 && (
        <Group
          justify="space-between"
          gap="xs"
          px="sm"
          py={6}
          mb="sm"
          bg="var(--mantine-primary-color-light)"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group gap="xs">{summary}</Group>
          <Group gap="xs">
            {actions.map((action) => {
              const { icon: Icon, color } = actionSpecs[action];
              return (
                <Button
                  key={action}
                  size="sm"
                  variant="light"
                  color={color}
                  leftSection={<Icon size={16} />}
                  loading={pendingAction === action}
                  disabled={
                    isDisabled || !mayRun(action) || (pendingAction !== null && pendingAction !== action)
                  }
                  onClick={() => onClick(action)}
                >
                  {t(`deviceSearch.action.${action}`)}
                </Button>
              );
            })}
            {withTags && (
              <Button
                size="sm"
                variant="light"
                leftSection={<IconTags size={16} />}
                disabled={isDisabled || !has('devices.manage') || pendingAction !== null}
                onClick={() => {
                  setResult(null);
                  clearError();
                  tags.open();
                }}
              >
                {t('deviceSearch.action.TAGS')}
              </Button>
            )}
          </Group>
        </Group>
      )}
      {isTagsOpen && (
        <BulkTagsDialog
          count={selectedCount}
          resolveTarget={resolveTarget}
          onClose={tags.close}
          onDone={onDone}
        />
      )}
      <MoveToLocationDialog
        isOpen={isMoveOpen}
        isSubmitting={pendingAction === 'MOVE_TO_LOCATION'}
        error={error}
        onClose={move.close}
        onMove={(locationId) => void run('MOVE_TO_LOCATION', { locationId })}
      />
      <RunScriptDialog
        isOpen={isScriptOpen}
        count={selectedCount}
        devices={selectedDevices}
        isAllMatching={isAllMatching}
        canRunLibrary={has('scripts.run')}
        canRunInline={has('jobs.run')}
        canListCredentials={has('credentials.view')}
        isSubmitting={pendingAction === 'RUN_SCRIPT'}
        error={error}
        onClose={script.close}
        onRun={runScript}
      />
    </>
  );
};
