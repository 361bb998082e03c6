import { ScriptCategory, ScriptLanguage, ScriptOperatingSystem } from '@rmm/domain';
import { useSearchParams } from 'react-router';
import type { ScriptListParams } from './api.ts';

export type ScriptListFilters = Pick<
  ScriptListParams,
  'search' | 'category' | 'language' | 'operatingSystem'
>;

const PAGE_SIZE = 25;

/** The library list's search, filters and page, kept in the URL (an unknown value there is ignored). */
export const useScriptListParams = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters: ScriptListFilters = {
    search: searchParams.get('search')?.trim() || undefined,
    category: ScriptCategory.safeParse(searchParams.get('category')).data,
    language: ScriptLanguage.safeParse(searchParams.get('language')).data,
    operatingSystem: ScriptOperatingSystem.safeParse(searchParams.get('operatingSystem')).data,
  };
  const params: ScriptListParams = {
    page: Math.max(1, Number(searchParams.get('page')) || 1),
    pageSize: PAGE_SIZE,
    ...filters,
  };
  /** A changed filter starts again at page 1. */
  const setFilter = (name: keyof ScriptListFilters, value: string | undefined) =>
    setSearchParams((current) => {
      value ? current.set(name, value) : current.delete(name);
      current.delete('page');
      return current;
    });
  const setPage = (page: number) =>
    setSearchParams((current) => {
      current.set('page', String(page));
      return current;
    });
  return { params, filters, setFilter, setPage };
};
