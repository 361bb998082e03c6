import { notifications } from '@mantine/notifications';
import { attachmentOpenAction } from '@rmm/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attachmentsApi, downloadUrl, isSignedUrlFresh } from '../../lib/attachments.ts';
import type { AttachmentItem } from './attachment-item.ts';
import type { AttachmentPreviewTarget } from './attachment-preview.tsx';

/**
 * Opens a tile (spec §4): an image into the preview, any other file as a download, both through the signed
 * URL. A URL about to expire is replaced by a fresh one first (the record's status is taken from that answer
 * too, so a file flagged since stays closed); a blocked tile opens nothing.
 */
export const useAttachmentOpener = () => {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<AttachmentPreviewTarget | null>(null);
  const open = useCallback(
    async (item: AttachmentItem) => {
      if (attachmentOpenAction(item) === 'blocked' || !item.id) return;
      try {
        const current =
          item.signedUrl && isSignedUrlFresh(item.signedUrl)
            ? { ...item, signedUrl: item.signedUrl }
            : await attachmentsApi.get(item.id);
        const action = attachmentOpenAction(current);
        const name = current.metadata.name;
        if (action === 'blocked' || !current.signedUrl) throw new Error(t('attachments.blocked', { name }));
        if (action === 'preview') setPreview({ name, url: current.signedUrl });
        else downloadUrl(current.signedUrl, name);
      } catch (error) {
        notifications.show({
          color: 'red',
          message: t('attachments.openError', { message: (error as Error).message }),
        });
      }
    },
    [t],
  );
  const closePreview = useCallback(() => setPreview(null), []);
  return { open, preview, closePreview };
};
