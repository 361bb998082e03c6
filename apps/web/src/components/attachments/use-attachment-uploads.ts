import { notifications } from '@mantine/notifications';
import {
  type AttachmentWithUrl,
  attachmentStatusForSize,
  BUILT_IN_HELP_DESK,
  HELP_TICKET_MAX_UPLOADS,
  MAX_ATTACHMENT_SIZE_BYTES,
  messages,
} from '@rmm/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { attachmentsApi } from '../../lib/attachments.ts';
import { formatByteSize } from '../../lib/format.ts';
import { type AttachmentItem, metadataOfFile } from './attachment-item.ts';

/** An upload the server answers PROCESSING (scanned after the answer) is asked again this often, this long. */
export const PROCESSING_POLL_MS = 1000;
export const PROCESSING_POLL_TRIES = 60;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

const fromAnswer = (answer: AttachmentWithUrl): Partial<AttachmentItem> => ({
  id: answer.id,
  uploadStatus: answer.uploadStatus,
  metadata: answer.metadata,
  signedUrl: answer.signedUrl,
});

/**
 * The reason in a refused upload's message: the server's text starts with the spec's message, which the tile
 * shows already ("There was an error while uploading the attachment: the file is larger than 100 MB.").
 */
export const uploadFailureReason = (message: string): string | undefined => {
  const prefix = messages.attachments.uploadError;
  if (!message.startsWith(prefix)) return message;
  const reason = message
    .slice(prefix.length)
    .replace(/^[:.]\s*/, '')
    .trim();
  return reason ? reason.charAt(0).toUpperCase() + reason.slice(1) : undefined;
};

const isCounted = (item: AttachmentItem) =>
  item.uploadStatus === 'PROCESSING' || item.uploadStatus === 'SUCCESS';

/**
 * The files a user attaches to a help ticket or a reply, each uploaded on its own as soon as it is added
 * (spec §7 upload-attachment). A file over 100 MB becomes a FAILURE tile at once and is never sent; the
 * others show PROCESSING until the server's answer gives their status. Removing a tile stops its upload or
 * deletes the uploaded file; leaving the form deletes what was uploaded and not sent (`clear` after sending).
 */
export const useAttachmentUploads = ({
  helpdesk = BUILT_IN_HELP_DESK,
  max = HELP_TICKET_MAX_UPLOADS,
}: {
  helpdesk?: string;
  max?: number;
} = {}) => {
  const { t } = useTranslation();
  const [items, setItems] = useState<AttachmentItem[]>([]);
  /** How many files the last addition refused for the limit. */
  const [refused, setRefused] = useState(0);
  // The list as of now for the async upload steps and the clean-up on leaving; every change goes through it.
  const current = useRef<AttachmentItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const nextKey = useRef(0);

  const change = useCallback((next: (items: AttachmentItem[]) => AttachmentItem[]) => {
    current.current = next(current.current);
    setItems(current.current);
  }, []);
  const update = useCallback(
    (key: string, changes: Partial<AttachmentItem>) =>
      change((list) => list.map((item) => (item.key === key ? { ...item, ...changes } : item))),
    [change],
  );

  const follow = useCallback(
    async (key: string, id: string, signal: AbortSignal) => {
      for (let attempt = 0; attempt < PROCESSING_POLL_TRIES; attempt++) {
        await sleep(PROCESSING_POLL_MS, signal);
        const answer = await attachmentsApi.get(id);
        if (signal.aborted) return;
        if (answer.uploadStatus !== 'PROCESSING') return update(key, fromAnswer(answer));
      }
      update(key, { uploadStatus: 'FAILURE' });
    },
    [update],
  );

  const upload = useCallback(
    async (key: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      try {
        const answer = await attachmentsApi.upload(helpdesk, file, controller.signal);
        if (controller.signal.aborted) {
          void attachmentsApi.remove(helpdesk, answer.id).catch(() => undefined);
          return;
        }
        update(key, fromAnswer(answer));
        if (answer.uploadStatus === 'PROCESSING') await follow(key, answer.id, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) return;
        update(key, {
          uploadStatus: 'FAILURE',
          detail: error instanceof ApiError ? uploadFailureReason(error.message) : undefined,
        });
      } finally {
        controllers.current.delete(key);
      }
    },
    [helpdesk, update, follow],
  );

  /** Adds the files as tiles and starts their uploads; files past the limit are refused (`refused`). */
  const add = useCallback(
    (files: readonly File[]) => {
      let room = max - current.current.filter(isCounted).length;
      let refusedNow = 0;
      const added: { item: AttachmentItem; file: File }[] = [];
      for (const file of files) {
        const uploadStatus = attachmentStatusForSize(file.size);
        if (uploadStatus === 'PROCESSING' && room <= 0) {
          refusedNow += 1;
          continue;
        }
        if (uploadStatus === 'PROCESSING') room -= 1;
        const item: AttachmentItem = {
          key: `upload-${nextKey.current++}`,
          uploadStatus,
          metadata: metadataOfFile(file),
          ...(uploadStatus === 'FAILURE'
            ? { detail: t('attachments.tooLarge', { limit: formatByteSize(MAX_ATTACHMENT_SIZE_BYTES) }) }
            : {}),
        };
        added.push({ item, file });
      }
      change((list) => [...list, ...added.map(({ item }) => item)]);
      setRefused(refusedNow);
      for (const { item, file } of added) if (item.uploadStatus === 'PROCESSING') void upload(item.key, file);
    },
    [max, t, change, upload],
  );

  const remove = useCallback(
    (item: AttachmentItem) => {
      controllers.current.get(item.key)?.abort();
      change((list) => list.filter((other) => other.key !== item.key));
      if (item.id)
        attachmentsApi.remove(helpdesk, item.id).catch((error: Error) =>
          notifications.show({
            color: 'red',
            message: t('attachments.removeError', { message: error.message }),
          }),
        );
    },
    [helpdesk, t, change],
  );

  /** After sending: the tiles go; the files sent stay (they are the ticket's now), the others are deleted. */
  const clear = useCallback(() => {
    for (const item of current.current)
      if (item.id && item.uploadStatus !== 'SUCCESS')
        void attachmentsApi.remove(helpdesk, item.id).catch(() => undefined);
    change(() => []);
    setRefused(0);
  }, [helpdesk, change]);

  // Leaving the form: what was uploaded and never sent is deleted, what is still uploading is stopped.
  useEffect(
    () => () => {
      for (const controller of controllers.current.values()) controller.abort();
      for (const item of current.current)
        if (item.id) void attachmentsApi.remove(helpdesk, item.id).catch(() => undefined);
    },
    [helpdesk],
  );

  return useMemo(
    () => ({
      items,
      max,
      refused,
      add,
      remove,
      clear,
      /** The ids a ticket or reply sends: SUCCESS uploads only. */
      successIds: items.flatMap((item) => (item.uploadStatus === 'SUCCESS' && item.id ? [item.id] : [])),
      isUploading: items.some((item) => item.uploadStatus === 'PROCESSING'),
      hasUnsent: items.some((item) => item.uploadStatus === 'FAILURE' || item.uploadStatus === 'SUSPICIOUS'),
    }),
    [items, max, refused, add, remove, clear],
  );
};
export type AttachmentUploads = ReturnType<typeof useAttachmentUploads>;
