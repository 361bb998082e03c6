import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AttachmentItem } from './attachment-item.ts';
import { AttachmentPreview } from './attachment-preview.tsx';
import { AttachmentTile } from './attachment-tile.tsx';
import { useAttachmentOpener } from './use-attachment-opener.ts';

/**
 * Attachment tiles in a grid as wide as its place allows (one column in the 420 px help panel, several on a
 * page), with the image preview they open. `onRemove` adds a remove button to each tile.
 */
export const AttachmentList = ({
  items,
  onRemove,
  label,
}: {
  items: readonly AttachmentItem[];
  onRemove?: (item: AttachmentItem) => void;
  label?: string;
}) => {
  const { t } = useTranslation();
  const opener = useAttachmentOpener();
  if (items.length === 0) return null;
  return (
    <>
      <Box
        component="ul"
        aria-label={label ?? t('attachments.listLabel')}
        style={{
          listStyle: 'none',
          padding: 0,
          margin: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
          gap: 6,
        }}
      >
        {items.map((item) => (
          <AttachmentTile
            key={item.key}
            item={item}
            onOpen={(tile) => void opener.open(tile)}
            onRemove={onRemove}
          />
        ))}
      </Box>
      <AttachmentPreview preview={opener.preview} onClose={opener.closePreview} />
    </>
  );
};
