import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { BACKUP_TREE_PAGE_SIZE, type BackupRevisionLocation, type BackupTreeEntry } from '@rmm/domain';
import {
  IconAlertCircle,
  IconChevronDown,
  IconChevronRight,
  IconDeviceDesktop,
  IconFile,
  IconFolder,
  IconLink,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatByteSize } from '../../../lib/format.ts';
import { useTreeQuery } from '../queries.ts';
import { childPath, isCoveredBy, type RestoreSelection, toggleSelection } from '../restore-selection.ts';

type Props = {
  nodeId: number;
  revisionId: string;
  /** Where the revision is: one only in a local folder or share (LOCAL) is read from its device. */
  location?: BackupRevisionLocation;
  /** Entries read a page (the console's page unless told). */
  pageSize?: number;
  selection: RestoreSelection;
  onChange: (selection: RestoreSelection) => void;
};

const byFolderThenName = (a: BackupTreeEntry, b: BackupTreeEntry) =>
  Number(b.type === 'dir') - Number(a.type === 'dir') || a.name.localeCompare(b.name);

const EntryIcon = ({ type }: { type: BackupTreeEntry['type'] }) =>
  type === 'dir' ? (
    <IconFolder size={16} />
  ) : type === 'symlink' ? (
    <IconLink size={16} />
  ) : (
    <IconFile size={16} />
  );

const Entry = ({
  entry,
  folder,
  depth,
  ...props
}: Props & { entry: BackupTreeEntry; folder: string; depth: number }) => {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const path = childPath(folder, entry.name);
  const isDir = entry.type === 'dir';
  const isCovered = isCoveredBy(props.selection, path);
  return (
    <>
      <Group gap={6} wrap="nowrap" pl={depth * 20} py={2} data-testid="backup-tree-entry">
        {isDir ? (
          <ActionIcon
            variant="subtle"
            size="sm"
            onClick={() => setOpen((open) => !open)}
            aria-expanded={isOpen}
            aria-label={t(isOpen ? 'backup.browser.close' : 'backup.browser.open', { name: entry.name })}
          >
            {isOpen ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        ) : (
          <Box w={22} />
        )}
        <Checkbox
          size="xs"
          checked={isCovered || props.selection.has(path)}
          disabled={isCovered}
          onChange={() => props.onChange(toggleSelection(props.selection, path, isDir ? 'dir' : 'file'))}
          aria-label={t('backup.browser.select', { name: entry.name })}
          title={path}
        />
        <EntryIcon type={entry.type} />
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} flex={1}>
          {entry.name}
        </Text>
        {!isDir && (
          <Text size="xs" c="dimmed" miw={70} ta="right">
            {formatByteSize(entry.size)}
          </Text>
        )}
        <Text size="xs" c="dimmed" miw={120} ta="right" visibleFrom="sm">
          {entry.mtime ? dayjs(entry.mtime).format('YYYY-MM-DD HH:mm') : ''}
        </Text>
      </Group>
      {isDir && isOpen && <Folder {...props} path={path} depth={depth + 1} />}
    </>
  );
};

type PageProps = Props & { path: string; depth: number; offset: number; isLast: boolean; onMore: () => void };

/** One page of a folder (folders first, as the server orders them), read when it is first shown. */
const FolderPage = ({ path, depth, offset, isLast, onMore, ...props }: PageProps) => {
  const { t } = useTranslation();
  const query = useTreeQuery(props.nodeId, props.revisionId, path, { offset, limit: props.pageSize });
  if (query.isPending)
    return (
      <Group pl={depth * 20 + 28} py={4} gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {props.location === 'LOCAL' ? t('backup.browser.askingDevice') : t('app.loading')}
        </Text>
      </Group>
    );
  if (query.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} ml={depth * 20} my={4} p="xs" role="alert">
        {query.error.message}{' '}
        <Button size="xs" variant="subtle" onClick={() => query.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  const entries = [...query.data.entries].sort(byFolderThenName);
  if (offset === 0 && entries.length === 0)
    return (
      <Text size="sm" c="dimmed" pl={depth * 20 + 28} py={2}>
        {t('backup.browser.emptyFolder')}
      </Text>
    );
  const notShown = (query.data.total ?? entries.length) - offset - entries.length;
  return (
    <>
      {entries.map((entry) => (
        <Entry key={entry.name} entry={entry} folder={query.data.path} depth={depth} {...props} />
      ))}
      {isLast && notShown > 0 && (
        <Box pl={depth * 20 + 28}>
          <Button size="compact-xs" variant="subtle" onClick={onMore}>
            {t('backup.browser.more', { count: notShown })}
          </Button>
        </Box>
      )}
    </>
  );
};

/** One folder of the revision, a page at a time: the first when it is opened, the next when asked. */
const Folder = (props: Props & { path: string; depth: number }) => {
  const size = props.pageSize ?? BACKUP_TREE_PAGE_SIZE;
  const [offsets, setOffsets] = useState([0]);
  return (
    <>
      {offsets.map((offset) => (
        <FolderPage
          key={offset}
          {...props}
          offset={offset}
          isLast={offset === offsets.at(-1)}
          onMore={() => setOffsets([...offsets, offset + size])}
        />
      ))}
    </>
  );
};

/**
 * The files and folders of a revision, folder by folder as they are opened; files and folders are chosen with
 * their boxes (a chosen folder brings everything in it).
 */
export const FileBrowser = (props: Props) => {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      {props.location === 'LOCAL' && (
        <Group gap={6} wrap="nowrap" data-testid="backup-tree-from-device">
          <IconDeviceDesktop size={16} aria-hidden />
          <Text size="xs" c="dimmed">
            {t('backup.browser.fromDevice')}
          </Text>
        </Group>
      )}
      <ScrollArea.Autosize mah={360} type="auto">
        <Box role="group" aria-label={t('backup.browser.label')}>
          <Folder {...props} path="" depth={0} />
        </Box>
      </ScrollArea.Autosize>
      <Text size="xs" c="dimmed" data-testid="backup-selection-count">
        {t('backup.browser.chosen', { count: props.selection.size })}
      </Text>
    </Stack>
  );
};
