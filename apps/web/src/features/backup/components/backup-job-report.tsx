import { List, Text } from '@mantine/core';
import type { BackupRevisionStats } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { formatByteSize } from '../../../lib/format.ts';
import { filesOf } from '../backup-format.ts';

type Report = {
  revision?: {
    revisionId?: string;
    stats?: Partial<BackupRevisionStats>;
  };
  restore?: { files?: number; bytes?: number; skipped?: number; failed?: number };
  extract?: { files?: number; bytes?: number; zipBytes?: number };
  upsync?: { revisionIds?: unknown[]; filesCopied?: number; bytesCopied?: number };
  integrity?: {
    ok?: boolean;
    readData?: boolean;
    checkedFiles?: number;
    checkedBytes?: number;
    problems?: string[];
  };
};

const reportOf = (resultContent: Record<string, unknown> | null): Report | undefined => {
  const backup = resultContent?.backup;
  return typeof backup === 'object' && backup !== null ? (backup as Report) : undefined;
};

const n = (value: number | undefined) => (value ?? 0).toLocaleString();
const bytes = (value: number | undefined) => formatByteSize(value ?? 0);

/** What a finished backup-engine job did, from the agent's report in its result. */
export const BackupJobReportView = ({ resultContent }: { resultContent: Record<string, unknown> | null }) => {
  const { t } = useTranslation();
  const report = reportOf(resultContent);
  if (!report) return null;
  const lines: string[] = [];
  if (report.revision?.stats) {
    const stats = report.revision.stats;
    lines.push(t('backup.report.revision', { count: filesOf(stats), size: bytes(stats.bytesTotal) }));
    lines.push(
      t('backup.report.changes', {
        new: n(stats.filesNew),
        changed: n(stats.filesChanged),
        added: bytes(stats.bytesAdded),
      }),
    );
    if (stats.errors) lines.push(t('backup.report.skipped', { count: stats.errors }));
  }
  if (report.restore)
    lines.push(
      t('backup.report.restore', {
        count: report.restore.files ?? 0,
        size: bytes(report.restore.bytes),
        skipped: n(report.restore.skipped),
        failed: n(report.restore.failed),
      }),
    );
  if (report.extract)
    lines.push(
      t('backup.report.extract', {
        count: report.extract.files ?? 0,
        size: bytes(report.extract.bytes),
        zipSize: bytes(report.extract.zipBytes),
      }),
    );
  if (report.upsync)
    lines.push(
      t('backup.report.upsync', {
        revisions: n(report.upsync.revisionIds?.length),
        files: n(report.upsync.filesCopied),
        size: bytes(report.upsync.bytesCopied),
      }),
    );
  if (report.integrity)
    lines.push(
      t(report.integrity.ok ? 'backup.report.integrityOk' : 'backup.report.integrityFailed', {
        files: n(report.integrity.checkedFiles),
        size: bytes(report.integrity.checkedBytes),
      }),
    );
  return (
    <>
      <List size="sm" spacing={2} data-testid="backup-job-report">
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      {report.integrity?.problems && report.integrity.problems.length > 0 && (
        <List size="xs" c="red">
          {report.integrity.problems.slice(0, 10).map((problem) => (
            <List.Item key={problem}>
              <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                {problem}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
};
