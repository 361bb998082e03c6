import { Alert, Button, Divider, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { type BackupRevision, backupErrorMessages, isLocalPath } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildRestoreJob, type SubmitBackupJob } from '../backup-jobs.ts';
import { type RestoreSelection, restoreShapeOf } from '../restore-selection.ts';
import { FileBrowser } from './file-browser.tsx';
import { OrganizationDeviceSelect } from './organization-device-select.tsx';
import { defaultRestoreOptions, RestoreOptions, type RestoreOptionValues } from './restore-options.tsx';

/** How to restore: files to a device, a zip to download, or (not yet) a whole disk. */
const restoreModes = ['device', 'extract', 'VIRTUAL_DISK', 'PHYSICAL_DISK'] as const;
type RestoreMode = (typeof restoreModes)[number];
const isDiskMode = (mode: RestoreMode) => mode === 'VIRTUAL_DISK' || mode === 'PHYSICAL_DISK';

/** The revision to restore from, as the lists know it. */
export type RestoreSource = Pick<
  BackupRevision,
  'revisionId' | 'organizationId' | 'planId' | 'planName' | 'nodeName' | 'time' | 'location' | 'jobUid'
> & { nodeId: number };

export type RestoreDialogProps = {
  revision: RestoreSource;
  submit: SubmitBackupJob;
  /** The submitted job as it runs (status, progress, result, cancel; the zip of a download). */
  renderJob: (jobUid: string, isExtract: boolean) => ReactNode;
  onClose: () => void;
};

/**
 * Restores from one revision: choose files and folders in its file browser, then restore them to a device of
 * the organization (in place or to another folder; what to do with files already there; permissions; files
 * deleted since) or download them as a zip. Disk restores are shown, disabled, with the reason.
 */
export const RestoreDialog = ({ revision, submit, renderJob, onClose }: RestoreDialogProps) => {
  const { t } = useTranslation();
  const [selection, setSelection] = useState<RestoreSelection>(new Map());
  const [mode, setMode] = useState<RestoreMode>('device');
  const [target, setTarget] = useState({ nodeId: revision.nodeId, nodeName: revision.nodeName });
  const [options, setOptions] = useState<RestoreOptionValues>(defaultRestoreOptions);
  const [isChecked, setChecked] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState<{ jobUid: string; isExtract: boolean }>();

  const isLocalOnly = revision.location === 'LOCAL';
  const destinationPath = options.destination === 'other' ? options.destinationPath.trim() : '';
  const selectionError =
    selection.size === 0 ? backupErrorMessages.BACKUP_RESTORE_SELECTION_REQUIRED : undefined;
  const pathError =
    mode === 'device' && options.destination === 'other' && !isLocalPath(destinationPath)
      ? backupErrorMessages.BACKUP_DESTINATION_PATH
      : undefined;

  const restore = async () => {
    setChecked(true);
    if (selectionError || pathError || isDiskMode(mode)) return;
    const isExtract = mode === 'extract';
    const job = buildRestoreJob({
      revisionId: revision.revisionId,
      sourceNodeId: revision.nodeId,
      sourceNodeName: revision.nodeName,
      sourcePlanId: revision.planId,
      sourcePlanName: revision.planName,
      ...restoreShapeOf(selection, { isExtract }),
      destinationPath: isExtract ? '' : destinationPath,
      collisionHandling: options.collisionHandling,
      restorePermissions: !isExtract && options.restorePermissions,
      restoreDeletedFiles: isExtract || options.restoreDeletedFiles,
      backupJobId: revision.jobUid,
    });
    setSubmitting(true);
    try {
      // A zip is made by the revision's own device (or read from the cloud by the server for it).
      setSubmitted({ jobUid: await submit(isExtract ? revision.nodeId : target.nodeId, job), isExtract });
    } catch {
      // The page has shown why; the choices stay for another try.
    } finally {
      setSubmitting(false);
    }
  };

  const title = t('backup.restore.title', {
    plan: revision.planName,
    device: revision.nodeName,
    time: dayjs(revision.time).format('YYYY-MM-DD HH:mm'),
  });
  if (submitted)
    return (
      <Modal opened onClose={onClose} size="lg" title={title}>
        <Stack>
          {renderJob(submitted.jobUid, submitted.isExtract)}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );

  return (
    <Modal opened onClose={onClose} size="xl" title={title}>
      <Stack>
        <Text size="sm" fw={500}>
          {t('backup.restore.what')}
        </Text>
        <FileBrowser
          nodeId={revision.nodeId}
          revisionId={revision.revisionId}
          location={revision.location}
          selection={selection}
          onChange={setSelection}
        />
        {isChecked && selectionError && (
          <Text size="sm" c="red" role="alert">
            {selectionError}
          </Text>
        )}
        <Divider />
        <Radio.Group
          label={t('backup.restore.how')}
          value={mode}
          onChange={(value) => setMode(value as RestoreMode)}
        >
          <Stack gap={6} mt={4}>
            {restoreModes.map((value) => (
              <Radio
                key={value}
                value={value}
                label={t(`backup.restore.mode.${value}`)}
                description={
                  isDiskMode(value)
                    ? backupErrorMessages.BACKUP_DISK_RESTORE_NOT_SUPPORTED
                    : t(`backup.restore.modeHint.${value}`)
                }
                disabled={isDiskMode(value)}
              />
            ))}
          </Stack>
        </Radio.Group>
        {mode === 'device' && (
          <>
            <OrganizationDeviceSelect
              organizationId={revision.organizationId}
              label={t('backup.restore.targetDevice')}
              description={
                isLocalOnly
                  ? backupErrorMessages.BACKUP_REVISION_NOT_REACHABLE
                  : t('backup.restore.targetDeviceHint')
              }
              disabled={isLocalOnly}
              pinned={{
                nodeId: revision.nodeId,
                label: t('backup.restore.sourceDevice', { name: revision.nodeName }),
              }}
              value={target.nodeId}
              onChange={(nodeId, nodeName) => setTarget({ nodeId, nodeName })}
            />
            <RestoreOptions
              values={options}
              onChange={setOptions}
              pathError={isChecked ? pathError : undefined}
            />
          </>
        )}
        {mode === 'extract' && (
          <Alert color="blue" icon={<IconAlertCircle size={18} />}>
            {t('backup.restore.extractExplain')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={restore} loading={isSubmitting}>
            {t(mode === 'extract' ? 'backup.restore.submitExtract' : 'backup.restore.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
