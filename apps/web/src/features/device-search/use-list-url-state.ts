import { deviceSorts } from '@rmm/domain';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { DeviceSort } from './components/device-columns.tsx';

export const pageSizes = [50, 100, 250, 500] as const;
export const DEFAULT_PAGE_SIZE = 100;

export type ListUrlState = { page: number; pageSize: number; sort: DeviceSort; q: string };

const positiveInt = (value: string | null | undefined) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

const asSort = (value: string | null): DeviceSort =>
  deviceSorts.find((sort) => sort === value) ?? 'displayName';

const asPageSize = (value: string | null) =>
  pageSizes.find((size) => size === Number(value)) ?? DEFAULT_PAGE_SIZE;

/**
 * Page, page size, sort and text filter of a device list, in the URL so a view can be shared.
 * `pagePath` is for routes whose page is part of the path (`/approvals/:page`). Any change but the
 * page's goes back to page 1.
 */
export const useListUrlState = (pagePath?: (page: number) => string) => {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const pathPage = useParams().page;
  const state: ListUrlState = {
    page: positiveInt(pagePath ? pathPage : params.get('page')) ?? 1,
    pageSize: asPageSize(params.get('pageSize')),
    sort: asSort(params.get('sort')),
    q: params.get('q') ?? '',
  };
  const setState = (patch: Partial<ListUrlState> & Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (key === 'page') continue;
      value === undefined || value === '' ? next.delete(key) : next.set(key, String(value));
    }
    const isPageOnly = Object.keys(patch).every((key) => key === 'page');
    const page = isPageOnly ? (patch.page ?? 1) : 1;
    if (pagePath) {
      navigate({ pathname: pagePath(page), search: next.toString() });
      return;
    }
    page > 1 ? next.set('page', String(page)) : next.delete('page');
    setParams(next);
  };
  return { state, params, setState };
};
