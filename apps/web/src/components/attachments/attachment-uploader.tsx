import '@mantine/dropzone/styles.css';
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { MAX_ATTACHMENT_SIZE_BYTES } from '@rmm/domain';
import { IconPaperclip } from '@tabler/icons-react';
import { type ClipboardEvent, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatByteSize } from '../../lib/format.ts';
import { AttachmentList } from './attachment-list.tsx';
import type { AttachmentUploads } from './use-attachment-uploads.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (date: Date) =>
  `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;

/**
 * The images of a paste, for a form's `onPaste`: a screenshot comes as `image.png` (or nameless), so it gets a
 * name of its own; a paste without images is left to the field it lands in.
 */
export const usePastedImages = (onFiles: (files: File[]) => void) =>
  useCallback(
    (event: ClipboardEvent) => {
      const images = Array.from(event.clipboardData?.files ?? []).filter((file) =>
        file.type.startsWith('image/'),
      );
      if (images.length === 0) return;
      event.preventDefault();
      const time = stamp(new Date());
      onFiles(
        images.map((file, index) =>
          file.name && file.name !== 'image.png'
            ? file
            : new File(
                [file],
                `pasted-image-${time}${index > 0 ? `-${index + 1}` : ''}.${file.type.split('/')[1] || 'png'}`,
                {
                  type: file.type,
                },
              ),
        ),
      );
    },
    [onFiles],
  );

/**
 * The upload area of a form: a drop zone that also opens the file picker (click, Enter or Space), the
 * limits, and the tiles of what was added. Pasting images is the form's (`usePastedImages(uploads.add)`).
 */
export const AttachmentUploader = ({
  uploads,
  disabled,
}: {
  uploads: AttachmentUploads;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Dropzone
        onDrop={uploads.add}
        multiple
        disabled={disabled}
        useFsAccessApi={false}
        inputProps={{ 'aria-label': t('attachments.dropzoneLabel') }}
        p="xs"
      >
        <Group gap="xs" wrap="nowrap" justify="center" style={{ pointerEvents: 'none' }}>
          <IconPaperclip size={20} aria-hidden />
          <Stack gap={0}>
            <Text size="sm">{t('attachments.dropzone')}</Text>
            <Text size="xs" c="dimmed">
              {t('attachments.dropzoneLimits', {
                count: uploads.max,
                size: formatByteSize(MAX_ATTACHMENT_SIZE_BYTES),
              })}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {uploads.refused > 0 && (
        <Text size="xs" c="red" role="alert">
          {t('attachments.tooMany', { count: uploads.max, refused: uploads.refused })}
        </Text>
      )}
      <AttachmentList items={uploads.items} onRemove={uploads.remove} />
    </Stack>
  );
};
