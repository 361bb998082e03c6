import { StrataError } from '../errors.ts';
import { CONFIG_NAME, type FileType, fileTypes } from './backend.ts';

/**
 * The repository's one layout: where each file sits, as a "/"-separated path from the repository's root. Every
 * backend keeps its files at these paths (a folder, the server's store in its folder or its S3 bucket), so a
 * repository copied as files from one to another is the same tree, byte for byte:
 *
 *   config
 *   keys/<id>   data/<first two characters of the id>/<id>   index/<id>   snapshots/<id>   deleted/<id>   locks/<id>
 *
 * Packs sit in 256 sub-folders (data/00 … data/ff) so that no folder grows past a few thousand files.
 */

/** A file's name: letters, digits, `.`, `_`, `-`, not `.`-first (temporary files are), at most 128 characters. */
const NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export const isFileType = (value: string): value is FileType =>
  (fileTypes as readonly string[]).includes(value);

/** Whether `name` may name a file of `type` (the config's name is fixed). */
export const isFileName = (type: FileType, name: string): boolean =>
  type === 'config' ? name === CONFIG_NAME : NAME.test(name);

/** The folder a type's files sit under ('' for the config, at the root), without a trailing "/". */
export const typeFolder = (type: FileType): string => (type === 'config' ? '' : type);

/** How many levels of sub-folders lie between a type's folder and its files (1 for packs). */
export const subFolderDepth = (type: FileType): number => (type === 'data' ? 1 : 0);

/** Where a file sits: `config`, `data/ab/ab12…`, `index/ff00…`. A name that cannot be a file's is INVALID_ARGUMENT. */
export const filePath = (type: FileType, name: string): string => {
  if (!isFileName(type, name))
    throw new StrataError('INVALID_ARGUMENT', `not a repository file name: ${type}/${JSON.stringify(name)}`);
  if (type === 'config') return CONFIG_NAME;
  if (type === 'data') return `data/${name.slice(0, 2)}/${name}`;
  return `${type}/${name}`;
};

/** The type and name of the file at `path`, or null when no file of the layout sits there (temporary or stray). */
export const fileOfPath = (path: string): { type: FileType; name: string } | null => {
  if (path === CONFIG_NAME) return { type: 'config', name: CONFIG_NAME };
  const parts = path.split('/');
  const type = parts[0] ?? '';
  const name = parts[parts.length - 1] ?? '';
  if (!isFileType(type) || type === 'config' || !isFileName(type, name)) return null;
  return filePath(type, name) === path ? { type, name } : null;
};
