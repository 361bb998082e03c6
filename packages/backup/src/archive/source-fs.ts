import fs, { type BigIntStats } from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import { encodeName, type NodeType, type TreeNode } from '../tree.ts';

/** The file-system calls a backup makes, injectable so that tests can count reads. */
export type SourceFs = {
  lstat(path: Buffer): Promise<BigIntStats>;
  /** The same without the thread pool (optional): a few microseconds on a local disk, against a round trip. */
  lstatSync?(path: Buffer): BigIntStats;
  readdir(path: Buffer): Promise<Buffer[]>;
  readlink(path: Buffer): Promise<Buffer>;
  open(path: Buffer): Promise<FileHandle>;
};

export const nodeFs: SourceFs = {
  lstat: (path) => fsp.lstat(path, { bigint: true }),
  lstatSync: (path) => fs.lstatSync(path, { bigint: true }),
  readdir: (path) => fsp.readdir(path, { encoding: 'buffer' }),
  readlink: (path) => fsp.readlink(path, { encoding: 'buffer' }),
  open: (path) => fsp.open(path, 'r'),
};

export const nodeTypeOf = (stat: BigIntStats): NodeType | null =>
  stat.isFile() ? 'file' : stat.isDirectory() ? 'dir' : stat.isSymbolicLink() ? 'symlink' : null;

/** A tree node's metadata from lstat; content, subtree or link target are added by the caller. */
export const nodeFromStat = (name: Buffer, type: NodeType, stat: BigIntStats): TreeNode => {
  const encoded = encodeName(name);
  return {
    name: encoded.text,
    ...(encoded.raw ? { nameBytes: encoded.raw } : {}),
    type,
    mode: Number(stat.mode & 0o7777n),
    uid: Number(stat.uid),
    gid: Number(stat.gid),
    mtime: stat.mtimeNs.toString(),
    ctime: stat.ctimeNs.toString(),
    inode: stat.ino.toString(),
    device: stat.dev.toString(),
    size: type === 'file' ? Number(stat.size) : 0,
  };
};

/** A file is taken as unchanged since the parent snapshot when size, mtime, ctime and inode all agree. */
export const isUnchanged = (previous: TreeNode | undefined, stat: BigIntStats): previous is TreeNode =>
  previous !== undefined &&
  previous.type === 'file' &&
  previous.size === Number(stat.size) &&
  previous.mtime === stat.mtimeNs.toString() &&
  previous.ctime === stat.ctimeNs.toString() &&
  previous.inode === stat.ino.toString() &&
  previous.content !== undefined;
