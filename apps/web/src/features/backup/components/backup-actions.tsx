import { Button } from '@mantine/core';
import { type BackupPlanStatus, type BackupRevision, jobPermissionsFor } from '@rmm/domain';
import { IconPlayerPlay, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermissions } from '../../../app/session/queries.ts';
import { useBackupJobRunner } from '../backup-job-context.tsx';
import { RestoreDialog, type RestoreSource } from './restore-dialog.tsx';
import { RunNowDialog } from './run-now-dialog.tsx';

const runPermissions = jobPermissionsFor(
  { jobType: 'BACKUP', content: { actionType: 'STRATA_BACKUP' } },
  'submit',
);
const restorePermissions = jobPermissionsFor(
  { jobType: 'RESTORE', content: { actionType: 'STRATA_RESTORE' } },
  'submit',
);

/** Run now for a plan on a device (jobs.run and backup.viewAndManage, spec §6). */
export const RunNowButton = ({
  row,
}: {
  row: Pick<BackupPlanStatus, 'nodeId' | 'nodeName' | 'planId' | 'planName'>;
}) => {
  const { t } = useTranslation();
  const runner = useBackupJobRunner();
  const canRun = useHasPermissions(runPermissions);
  const [isOpen, setOpen] = useState(false);
  if (!runner || !canRun) return null;
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlayerPlay size={14} />}
        onClick={() => setOpen(true)}
        aria-label={t('backup.runNow.label', { plan: row.planName, device: row.nodeName })}
      >
        {t('backup.runNow.button')}
      </Button>
      {isOpen && (
        <RunNowDialog
          {...row}
          submit={runner.submit}
          renderJob={(jobUid) => runner.renderJob(jobUid, { isExtract: false })}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
};

/** Restore from a revision (jobs.run and backup.viewAndRestore, spec §6). */
export const RestoreButton = ({ source }: { source: RestoreSource }) => {
  const { t } = useTranslation();
  const runner = useBackupJobRunner();
  const canRestore = useHasPermissions(restorePermissions);
  const [isOpen, setOpen] = useState(false);
  if (!runner || !canRestore) return null;
  return (
    <>
      <Button
        size="xs"
        variant="light"
        color="teal"
        leftSection={<IconRestore size={14} />}
        onClick={() => setOpen(true)}
        aria-label={t('backup.restore.label', { plan: source.planName, device: source.nodeName })}
      >
        {t('backup.restore.button')}
      </Button>
      {isOpen && (
        <RestoreDialog
          revision={source}
          submit={runner.submit}
          renderJob={(jobUid, isExtract) => runner.renderJob(jobUid, { isExtract })}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
};

/** A revision of the lists as the restore dialog takes it. */
export const restoreSourceOf = (revision: BackupRevision): RestoreSource | undefined =>
  revision.nodeId === null ? undefined : { ...revision, nodeId: revision.nodeId };

/** The last revision of a plan on a device, as the restore dialog takes it. */
export const lastRevisionSourceOf = (row: BackupPlanStatus): RestoreSource | undefined =>
  row.lastRevision
    ? {
        ...row.lastRevision,
        organizationId: row.organizationId,
        planId: row.planId,
        planName: row.planName,
        nodeId: row.nodeId,
        nodeName: row.nodeName,
        jobUid: null,
      }
    : undefined;
