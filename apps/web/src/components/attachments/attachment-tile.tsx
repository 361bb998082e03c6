import { Anchor, Box, CloseButton, Group, Loader, Paper, Text, ThemeIcon } from '@mantine/core';
import { attachmentOpenAction, attachmentTileState } from '@rmm/domain';
import { IconAlertCircle, IconFile, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatByteSize } from '../../lib/format.ts';
import type { AttachmentItem } from './attachment-item.ts';

const Icon = ({ item }: { item: AttachmentItem }) => {
  const { t } = useTranslation();
  const state = attachmentTileState(item.uploadStatus);
  if (state.hasSpinner)
    return <Loader size={22} aria-label={t('attachments.uploading', { name: item.metadata.name })} />;
  if (state.hasErrorIcon)
    return (
      <ThemeIcon color="red" variant="light" size={28} aria-hidden data-testid="attachment-error-icon">
        <IconAlertCircle size={18} />
      </ThemeIcon>
    );
  return (
    <ThemeIcon variant="light" size={28} aria-hidden>
      {item.metadata.mimeType.startsWith('image/') ? <IconPhoto size={18} /> : <IconFile size={18} />}
    </ThemeIcon>
  );
};

/**
 * Spec §4 attachment tile: PROCESSING spins and is dimmed; FAILURE and SUSPICIOUS show the error icon and
 * the spec's message and do not open; SUCCESS opens (an image's preview, any other file's download).
 */
export const AttachmentTile = ({
  item,
  onOpen,
  onRemove,
}: {
  item: AttachmentItem;
  onOpen?: (item: AttachmentItem) => void;
  onRemove?: (item: AttachmentItem) => void;
}) => {
  const { t } = useTranslation();
  const state = attachmentTileState(item.uploadStatus);
  const action = attachmentOpenAction(item);
  const { name, size } = item.metadata;
  return (
    <Paper
      component="li"
      withBorder
      radius="sm"
      p={6}
      opacity={state.isDimmed ? 0.55 : undefined}
      aria-busy={state.hasSpinner || undefined}
      data-upload-status={item.uploadStatus}
      style={{ minWidth: 0 }}
    >
      <Group gap="xs" wrap="nowrap">
        <Icon item={item} />
        <Box style={{ flex: 1, minWidth: 0 }}>
          {action !== 'blocked' && onOpen && item.id ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              ta="left"
              display="block"
              maw="100%"
              truncate
              title={name}
              aria-label={t(action === 'preview' ? 'attachments.preview' : 'attachments.download', { name })}
              onClick={() => onOpen(item)}
            >
              {name}
            </Anchor>
          ) : (
            <Text size="sm" truncate title={name}>
              {name}
            </Text>
          )}
          {state.messageId ? (
            <Text size="xs" c="red">
              {t(`spec.${state.messageId}`)}
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              {formatByteSize(size)}
            </Text>
          )}
          {item.detail && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {item.detail}
            </Text>
          )}
        </Box>
        {onRemove && (
          <CloseButton
            size="sm"
            aria-label={t('attachments.remove', { name })}
            onClick={() => onRemove(item)}
          />
        )}
      </Group>
    </Paper>
  );
};
