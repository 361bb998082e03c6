import { useSearchParams } from 'react-router';

const PAGE_SIZE = 25;

const idOf = (value: string | null) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/**
 * What a knowledge-base page shows, kept in its URL (bookmarkable, Back works): the folder, the search,
 * the page, an article (`article`) or the editor (`edit`: an article's id or `new`).
 */
export const useKnowledgeBaseParams = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const editParam = searchParams.get('edit');
  const state = {
    folderId: idOf(searchParams.get('folder')),
    q: searchParams.get('q')?.trim() || undefined,
    page: Math.max(1, Number(searchParams.get('page')) || 1),
    pageSize: PAGE_SIZE,
    articleId: idOf(searchParams.get('article')),
    edit: editParam === 'new' ? ('new' as const) : idOf(editParam),
  };
  const update = (changes: Record<string, string | number | undefined>) =>
    setSearchParams((current) => {
      for (const [name, value] of Object.entries(changes))
        value === undefined || value === '' ? current.delete(name) : current.set(name, String(value));
      return current;
    });
  return {
    ...state,
    /** A folder or search starts again at page 1, on the list. */
    setFolder: (folderId: number | undefined) =>
      update({ folder: folderId, page: undefined, article: undefined, edit: undefined }),
    setQuery: (q: string) =>
      update({ q: q.trim() || undefined, page: undefined, article: undefined, edit: undefined }),
    setPage: (page: number) => update({ page }),
    openArticle: (id: number | undefined) => update({ article: id, edit: undefined }),
    openEditor: (edit: number | 'new' | undefined) => update({ edit }),
  };
};
export type KnowledgeBaseParams = ReturnType<typeof useKnowledgeBaseParams>;
