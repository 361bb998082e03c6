import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { backupErrorMessages, isImageBackupKind } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildRunNowJob, type RunNowAction, runNowActions, type SubmitBackupJob } from '../backup-jobs.ts';
import { useNodePlansQuery } from '../queries.ts';

export type RunNowDialogProps = {
  nodeId: number;
  nodeName: string;
  planId: string;
  planName: string;
  submit: SubmitBackupJob;
  /** The submitted job as it runs (status, progress, result, cancel). */
  renderJob: (jobUid: string) => ReactNode;
  onClose: () => void;
};

/**
 * Runs a plan now on a device: a backup (optionally full: every file read again), an upsync (hybrid plans
 * only) or an integrity check; then follows the job. Image plans cannot run yet and say why.
 */
export const RunNowDialog = ({
  nodeId,
  nodeName,
  planId,
  planName,
  submit,
  renderJob,
  onClose,
}: RunNowDialogProps) => {
  const { t } = useTranslation();
  // The device's plans: its organization's and the policy plans that reach it (a policy plan has no page of its own).
  const plans = useNodePlansQuery(nodeId);
  const plan = {
    data: plans.data?.find((candidate) => candidate.planId === planId),
    isPending: plans.isPending,
  };
  const [action, setAction] = useState<RunNowAction>('STRATA_BACKUP');
  const [fullBackup, setFullBackup] = useState(false);
  const [jobUid, setJobUid] = useState<string>();
  const [isSubmitting, setSubmitting] = useState(false);
  const isHybrid = plan.data?.destination.type === 'HYBRID';
  const isImage = plan.data !== undefined && isImageBackupKind(plan.data.kind);
  const disabledReason = (value: RunNowAction) =>
    value === 'STRATA_UPSYNC' && plan.data && !isHybrid
      ? backupErrorMessages.BACKUP_UPSYNC_NEEDS_HYBRID
      : undefined;

  const run = async () => {
    setSubmitting(true);
    try {
      setJobUid(
        await submit(nodeId, buildRunNowJob({ nodeId, nodeName, planId, planName }, action, fullBackup)),
      );
    } catch {
      // The page has shown why (spec §8 "Error creating/updating jobs"); the choices stay for another try.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('backup.runNow.title', { plan: planName, device: nodeName })}
    >
      {jobUid ? (
        <Stack>
          {renderJob(jobUid)}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          {isImage && (
            <Alert color="orange" icon={<IconAlertCircle size={18} />}>
              {backupErrorMessages.BACKUP_IMAGE_NOT_SUPPORTED}
            </Alert>
          )}
          <Radio.Group
            label={t('backup.runNow.action')}
            value={action}
            onChange={(value) => setAction(value as RunNowAction)}
          >
            <Stack gap="sm" mt="xs">
              {runNowActions.map((value) => (
                <Radio
                  key={value}
                  value={value}
                  label={t(`backup.action.${value}`)}
                  description={disabledReason(value) ?? t(`backup.runNow.explain.${value}`)}
                  disabled={disabledReason(value) !== undefined}
                />
              ))}
            </Stack>
          </Radio.Group>
          {action === 'STRATA_BACKUP' && (
            <Checkbox
              label={t('backup.runNow.full')}
              description={t('backup.runNow.fullExplain')}
              checked={fullBackup}
              onChange={(event) => setFullBackup(event.currentTarget.checked)}
            />
          )}
          <Text size="xs" c="dimmed">
            {t('backup.runNow.queued')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button onClick={run} loading={isSubmitting} disabled={isImage || plan.isPending}>
              {t('backup.runNow.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};
