import type { BackupRestoreJobContent, RestoreType } from '@rmm/domain';

/** What the file browser has chosen: each path with whether it is a folder. */
export type RestoreSelection = ReadonlyMap<string, 'file' | 'dir'>;

/** A folder's child as the revision names it: `/` separated, under the folder's path ('' or '/' is the top). */
export const childPath = (folder: string, name: string) =>
  folder === '' || folder === '/' ? `/${name}` : `${folder.replace(/\/+$/, '')}/${name}`;

const isUnder = (path: string, folder: string) => path.startsWith(`${folder.replace(/\/+$/, '')}/`);

/** Whether a chosen folder holds this path (then it is restored with the folder). */
export const isCoveredBy = (selection: RestoreSelection, path: string) =>
  [...selection].some(([chosen, type]) => type === 'dir' && chosen !== path && isUnder(path, chosen));

/** Chooses or drops a path; choosing a folder drops what was chosen inside it. */
export const toggleSelection = (
  selection: RestoreSelection,
  path: string,
  type: 'file' | 'dir',
): RestoreSelection => {
  const next = new Map(selection);
  if (next.has(path)) {
    next.delete(path);
    return next;
  }
  if (type === 'dir') for (const chosen of [...next.keys()]) if (isUnder(chosen, path)) next.delete(chosen);
  next.set(path, type);
  return next;
};

/** The folder that holds every chosen path ('/' when they share none). */
export const commonFolder = (paths: string[]) => {
  if (paths.length === 0) return '';
  const split = paths.map((path) => path.split('/').slice(0, -1));
  const first = split[0]!;
  let length = first.length;
  for (const parts of split) {
    let i = 0;
    while (i < length && parts[i] === first[i]) i++;
    length = i;
  }
  return first.slice(0, length).join('/') || '/';
};

/**
 * What the restore job names for a selection (docs/decisions.md "Backup console"): one file FILE, one folder
 * FILE_FOLDER (both with `sourcePath`), several BATCH with `extractContent`; a zip download is EXTRACT with
 * `extractContent`. `sourcePath` of BATCH and EXTRACT is the folder that holds the selection.
 */
export const restoreShapeOf = (
  selection: RestoreSelection,
  { isExtract }: { isExtract: boolean },
): Pick<BackupRestoreJobContent, 'restoreType' | 'sourcePath' | 'extractContent'> => {
  const entries = [...selection];
  const files = entries.filter(([, type]) => type === 'file').map(([path]) => path);
  const folders = entries.filter(([, type]) => type === 'dir').map(([path]) => path);
  const extractContent = { files, folders };
  const sourcePath = commonFolder([...files, ...folders]);
  if (isExtract) return { restoreType: 'EXTRACT', sourcePath, extractContent };
  if (entries.length === 1) {
    const [path, type] = entries[0]!;
    const restoreType: RestoreType = type === 'file' ? 'FILE' : 'FILE_FOLDER';
    return { restoreType, sourcePath: path, extractContent: null };
  }
  return { restoreType: 'BATCH', sourcePath, extractContent };
};
