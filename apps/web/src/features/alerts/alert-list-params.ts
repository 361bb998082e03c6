import { type AlertSeverity, type AlertStatus, alertSeverities, alertStatuses } from '@rmm/domain';

export const alertSorts = ['-triggerTime', 'triggerTime', '-severity', 'severity', 'deviceName'] as const;
export type AlertSort = (typeof alertSorts)[number];
export const DEFAULT_ALERT_SORT: AlertSort = '-triggerTime';
export const ALERT_PAGE_SIZE = 50;

/** What an alert list shows: its filters, sort and page (kept in the dashboards' URL). */
export type AlertListState = {
  status: AlertStatus;
  severities: AlertSeverity[];
  acknowledged?: boolean;
  search?: string;
  sort: AlertSort;
  page: number;
};

export const defaultAlertListState: AlertListState = {
  status: 'ACTIVE',
  severities: [],
  sort: DEFAULT_ALERT_SORT,
  page: 1,
};

/** The list's scope: every organization the user may see, one organization, or one device. */
export type AlertScope = { organizationId?: number; deviceId?: number };
/** GET /alerts: the list state within a scope (ListAlertsQuery). */
export type AlertListQuery = AlertListState & AlertScope & { pageSize: number };

const pick = <T extends string>(values: readonly T[], value: string | null | undefined): T | undefined =>
  values.find((candidate) => candidate === value);

/** The list state from the page's URL; anything unknown in it falls back to the default. */
export const alertListStateFromUrl = (params: URLSearchParams): AlertListState => {
  const ack = params.get('acknowledged');
  const search = params.get('q')?.trim();
  return {
    status: pick(alertStatuses, params.get('status')) ?? 'ACTIVE',
    severities: alertSeverities.filter((severity) =>
      (params.get('severity') ?? '').split(',').includes(severity),
    ),
    ...(ack === 'true' || ack === 'false' ? { acknowledged: ack === 'true' } : {}),
    ...(search ? { search } : {}),
    sort: pick(alertSorts, params.get('sort')) ?? DEFAULT_ALERT_SORT,
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
};

/** The URL's query for a list state: defaults are left out, so the plain page has a plain address. */
export const alertListStateToUrl = (state: AlertListState): URLSearchParams => {
  const params = new URLSearchParams();
  if (state.status !== 'ACTIVE') params.set('status', state.status);
  if (state.severities.length) params.set('severity', state.severities.join(','));
  if (state.acknowledged !== undefined) params.set('acknowledged', String(state.acknowledged));
  if (state.search) params.set('q', state.search);
  if (state.sort !== DEFAULT_ALERT_SORT) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
};

/** A change of filters or sort starts again at the first page; a change of page keeps the filters. */
export const changeAlertListState = (
  state: AlertListState,
  changes: Partial<AlertListState>,
): AlertListState => ({
  ...state,
  ...changes,
  page: changes.page ?? 1,
});

/** Whether any filter narrows the list (the empty state says "nothing matches" rather than "no alerts"). */
export const isFiltered = (state: AlertListState) =>
  state.severities.length > 0 || state.acknowledged !== undefined || Boolean(state.search);

/** The query string of GET /alerts (ListAlertsQuery), severities in the domain's order. */
export const alertListQueryString = (query: AlertListQuery): string => {
  const params = new URLSearchParams();
  params.set('page', String(query.page));
  params.set('pageSize', String(query.pageSize));
  if (query.organizationId !== undefined) params.set('organizationId', String(query.organizationId));
  if (query.deviceId !== undefined) params.set('deviceId', String(query.deviceId));
  params.set('status', query.status);
  const severities = alertSeverities.filter((severity) => query.severities.includes(severity));
  if (severities.length) params.set('severity', severities.join(','));
  if (query.acknowledged !== undefined) params.set('acknowledged', String(query.acknowledged));
  if (query.search) params.set('search', query.search);
  params.set('sort', query.sort);
  return `?${params.toString()}`;
};
