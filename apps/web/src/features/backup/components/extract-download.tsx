import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The zip of a finished EXTRACT job: its result names a signed, expiring URL (`signedUrl`, the spec's name for
 * signed downloads, docs/decisions.md "Backup console"); the link is that URL, opened by the browser.
 */
export const ExtractDownload = ({ resultContent }: { resultContent: Record<string, unknown> | null }) => {
  const { t } = useTranslation();
  const signedUrl = resultContent?.signedUrl;
  if (typeof signedUrl !== 'string' || !/^(\/|https?:\/\/)/.test(signedUrl)) return null;
  return (
    <Button component="a" href={signedUrl} download leftSection={<IconDownload size={16} />} variant="light">
      {t('backup.restore.downloadZip')}
    </Button>
  );
};
