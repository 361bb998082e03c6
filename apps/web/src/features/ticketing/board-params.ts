import { useSearchParams } from 'react-router';

const idOf = (value: string | null) => {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 && id <= 2147483647 ? id : undefined;
};

/**
 * What a board shows besides its own conditions, kept in its URL (bookmarkable, Back undoes a filter): the
 * search (part of the subject, or a ticket id) and the organization.
 */
export const useBoardParams = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('search')?.trim() || undefined;
  const organizationId = idOf(searchParams.get('organizationId'));
  const update = (changes: Record<string, string | undefined>) =>
    setSearchParams(
      (current) => {
        for (const [name, value] of Object.entries(changes))
          value === undefined || value === '' ? current.delete(name) : current.set(name, value);
        return current;
      },
      { replace: false },
    );
  return {
    search,
    organizationId,
    isFiltered: search !== undefined || organizationId !== undefined,
    setSearch: (text: string) => update({ search: text.trim() || undefined }),
    setOrganizationId: (id: number | undefined) =>
      update({ organizationId: id === undefined ? undefined : String(id) }),
    clear: () => update({ search: undefined, organizationId: undefined }),
  };
};
export type BoardParams = ReturnType<typeof useBoardParams>;
