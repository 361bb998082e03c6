import type { KnowledgeBaseFolder } from '@rmm/domain';

export type FolderNode = KnowledgeBaseFolder & { children: FolderNode[] };

/** The folders as a tree (siblings in the server's name order); a folder whose parent is gone is top-level. */
export const buildFolderTree = (folders: readonly KnowledgeBaseFolder[]): FolderNode[] => {
  const nodes = new Map(folders.map((folder) => [folder.id, { ...folder, children: [] as FolderNode[] }]));
  const roots: FolderNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
};

/** Every folder with its path ("Runbooks / Network"), in tree order: the folder picker's options. */
export const folderOptions = (folders: readonly KnowledgeBaseFolder[]) => {
  const options: { value: string; label: string }[] = [];
  const visit = (nodes: FolderNode[], prefix: string) => {
    for (const node of nodes) {
      const label = prefix ? `${prefix} / ${node.name}` : node.name;
      options.push({ value: String(node.id), label });
      visit(node.children, label);
    }
  };
  visit(buildFolderTree(folders), '');
  return options;
};
