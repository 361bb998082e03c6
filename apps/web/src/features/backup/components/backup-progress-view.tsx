import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatByteSize } from '../../../lib/format.ts';
import { formatEta, formatRate } from '../backup-format.ts';
import { type BackupProgress, useBackupProgress } from '../queries.ts';

/** How far a running job is: phase, files and bytes (of their totals when known), rate and time left. */
export const BackupProgressFigures = ({
  progress,
  compact = false,
}: {
  progress: BackupProgress;
  compact?: boolean;
}) => {
  const { t } = useTranslation();
  const ratio =
    progress.totalBytes && progress.totalBytes > 0
      ? progress.bytes / progress.totalBytes
      : progress.totalFiles && progress.totalFiles > 0
        ? progress.files / progress.totalFiles
        : null;
  const eta = formatEta(progress.etaSeconds);
  const files =
    progress.totalFiles === null
      ? t('backup.progress.files', { count: progress.files })
      : t('backup.progress.filesOf', { count: progress.files, total: progress.totalFiles });
  const bytes =
    progress.totalBytes === null
      ? formatByteSize(progress.bytes)
      : t('backup.progress.bytesOf', {
          done: formatByteSize(progress.bytes),
          total: formatByteSize(progress.totalBytes),
        });
  return (
    <Stack gap={4} data-testid="backup-progress" miw={compact ? 180 : undefined}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {t(`backup.phase.${progress.phase}`)}
        </Text>
        {ratio !== null && (
          <Text size="sm" c="dimmed">
            {Math.min(100, Math.floor(ratio * 100))}%
          </Text>
        )}
      </Group>
      {ratio !== null && (
        <Progress value={Math.min(100, ratio * 100)} size="sm" aria-label={t('backup.progress.label')} />
      )}
      <Text size="xs" c="dimmed">
        {[files, bytes, formatRate(progress.bytesPerSecond), eta ? t('backup.progress.eta', { eta }) : null]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </Stack>
  );
};

/** The live progress of a job (from backup.progress events), or a line saying none has come yet. */
export const BackupJobProgress = ({ jobUid, compact = false }: { jobUid: string; compact?: boolean }) => {
  const { t } = useTranslation();
  const progress = useBackupProgress(jobUid);
  if (!progress) {
    return compact ? null : (
      <Text size="sm" c="dimmed">
        {t('backup.progress.waiting')}
      </Text>
    );
  }
  return <BackupProgressFigures progress={progress} compact={compact} />;
};
