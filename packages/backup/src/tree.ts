/** What a tree blob holds: one directory's entries, sorted by the bytes of their names. */
export type NodeType = 'file' | 'dir' | 'symlink';

export type TreeNode = {
  /** The name as text. When its bytes are not valid UTF-8, `nameBytes` holds them and `name` is only for display. */
  name: string;
  nameBytes?: string;
  type: NodeType;
  /** Permission bits (mode & 0o7777). */
  mode: number;
  uid: number;
  gid: number;
  /** Nanoseconds since the epoch, as decimal text (JSON has no 64-bit integers). */
  mtime: string;
  ctime: string;
  inode: string;
  device: string;
  /** Bytes of a file's content (0 for folders and links). */
  size: number;
  /** A file's data blobs, in order. */
  content?: string[];
  /** A folder's tree blob. */
  subtree?: string;
  linkTarget?: string;
  linkTargetBytes?: string;
};

export type Tree = { nodes: TreeNode[] };

const isUtf8 = (bytes: Buffer) => Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);

/** Text for JSON, with the raw bytes beside it when they are not UTF-8 (names on Linux are any bytes but / and NUL). */
export const encodeName = (bytes: Buffer): { text: string; raw?: string } =>
  isUtf8(bytes)
    ? { text: bytes.toString('utf8') }
    : { text: bytes.toString('utf8'), raw: bytes.toString('base64') };

export const nameBytesOf = (node: Pick<TreeNode, 'name' | 'nameBytes'>): Buffer =>
  node.nameBytes ? Buffer.from(node.nameBytes, 'base64') : Buffer.from(node.name, 'utf8');

export const linkTargetOf = (node: TreeNode): Buffer =>
  node.linkTargetBytes
    ? Buffer.from(node.linkTargetBytes, 'base64')
    : Buffer.from(node.linkTarget ?? '', 'utf8');

/** A key that maps every distinct name to a distinct string. */
export const nameKey = (bytes: Buffer): string => bytes.toString('latin1');

export const sortNodes = (nodes: TreeNode[]): TreeNode[] =>
  nodes
    .map((node) => ({ node, bytes: nameBytesOf(node) }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .map((x) => x.node);

/** JSON with keys in one fixed order, so that an unchanged folder gives the same bytes and so the same blob. */
export const serializeTree = (tree: Tree): Buffer => {
  const nodes = tree.nodes.map((n) => ({
    name: n.name,
    ...(n.nameBytes ? { nameBytes: n.nameBytes } : {}),
    type: n.type,
    mode: n.mode,
    uid: n.uid,
    gid: n.gid,
    mtime: n.mtime,
    ctime: n.ctime,
    inode: n.inode,
    device: n.device,
    size: n.size,
    ...(n.content ? { content: n.content } : {}),
    ...(n.subtree ? { subtree: n.subtree } : {}),
    ...(n.linkTarget !== undefined ? { linkTarget: n.linkTarget } : {}),
    ...(n.linkTargetBytes ? { linkTargetBytes: n.linkTargetBytes } : {}),
  }));
  return Buffer.from(JSON.stringify({ nodes }));
};

export const parseTree = (bytes: Buffer): Tree => {
  const tree = JSON.parse(bytes.toString('utf8')) as Tree;
  if (!Array.isArray(tree?.nodes)) throw new Error('not a tree');
  return tree;
};
