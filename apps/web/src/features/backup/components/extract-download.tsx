import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClockX, IconDownload } from '@tabler/icons-react';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { downloadUrl } from '../../../lib/attachments.ts';
import { formatByteSize } from '../../../lib/format.ts';
import { reasonOf } from '../load-error.ts';
import { isExtractUrlFresh, useExtractDownloadQuery } from '../queries.ts';
import { BackupLoadError } from './backup-load-error.tsx';

/** The server no longer keeps the zip (it is swept some hours after its upload). */
const isGone = (error: unknown) => error instanceof ApiError && error.code === 'BACKUP_EXTRACT_NOT_FOUND';

/**
 * The zip of an EXTRACT restore job that COMPLETED with SUCCESS: `GET /backup/strata/extracts/{jobUid}` gives
 * its signed URL (15 minutes, no session needed), offered as a link the browser downloads. A URL about to
 * expire is replaced by a fresh one when clicked; a zip the server has removed since says so. A failed read is
 * spec §8 "Backup loading error" with the server's reason (load-error.ts, like every backup read).
 */
export const ExtractDownload = ({ jobUid }: { jobUid: string }) => {
  const { t } = useTranslation();
  const query = useExtractDownloadQuery(jobUid);
  const [isRefreshing, setRefreshing] = useState(false);

  if (isGone(query.error))
    return (
      <Alert color="yellow" icon={<IconClockX size={18} />} p="xs" data-testid="backup-extract-gone">
        {t('backup.extract.gone')}
      </Alert>
    );
  if (query.isPending)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('backup.extract.preparing')}
        </Text>
      </Group>
    );
  const download = query.data;
  if (!download) return <BackupLoadError query={query} />;

  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (isExtractUrlFresh(download)) return; // the link downloads it as it is
    event.preventDefault();
    setRefreshing(true);
    try {
      const fresh = await query.refetch();
      if (fresh.isError) {
        // A zip removed since shows why in place of the button; anything else is said here.
        if (!isGone(fresh.error))
          notifications.show({
            color: 'red',
            title: t('spec.backup.loadingError'),
            message: reasonOf(fresh.error, t('spec.backup.loadingError')) ?? '',
          });
      } else if (fresh.data) downloadUrl(fresh.data.url, fresh.data.fileName);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Group gap="sm" data-testid="backup-extract">
      <Button
        component="a"
        href={download.url}
        download={download.fileName}
        onClick={onClick}
        loading={isRefreshing}
        leftSection={<IconDownload size={16} />}
        variant="light"
      >
        {t('backup.restore.downloadZip')}
      </Button>
      <Text size="sm" c="dimmed">
        {t('backup.extract.size', { size: formatByteSize(download.size) })}
      </Text>
    </Group>
  );
};
