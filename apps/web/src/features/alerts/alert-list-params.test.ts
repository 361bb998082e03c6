import { describe, expect, it } from 'vitest';
import {
  alertListQueryString,
  alertListStateFromUrl,
  alertListStateToUrl,
  changeAlertListState,
  defaultAlertListState,
} from './alert-list-params.ts';

describe('alert list parameters', () => {
  it('leaves the defaults out of the URL and reads them back', () => {
    expect(alertListStateToUrl(defaultAlertListState).toString()).toBe('');
    expect(alertListStateFromUrl(new URLSearchParams())).toEqual(defaultAlertListState);
  });

  it('keeps every filter, the sort and the page in the URL', () => {
    const state = {
      status: 'RESET' as const,
      severities: ['MAJOR' as const, 'CRITICAL' as const],
      acknowledged: false,
      search: 'disk C:',
      sort: 'deviceName' as const,
      page: 3,
    };
    const url = alertListStateToUrl(state);
    expect(Object.fromEntries(url)).toEqual({
      status: 'RESET',
      severity: 'MAJOR,CRITICAL',
      acknowledged: 'false',
      q: 'disk C:',
      sort: 'deviceName',
      page: '3',
    });
    expect(alertListStateFromUrl(url)).toEqual(state);
  });

  it('ignores what it does not know in a hand-typed URL', () => {
    expect(
      alertListStateFromUrl(
        new URLSearchParams('status=GONE&severity=HUGE,MINOR&acknowledged=maybe&sort=x&page=-4'),
      ),
    ).toEqual({ ...defaultAlertListState, severities: ['MINOR'] });
  });

  it('goes back to the first page when a filter changes, not when the page does', () => {
    const onPage3 = { ...defaultAlertListState, page: 3 };
    expect(changeAlertListState(onPage3, { severities: ['MINOR'] }).page).toBe(1);
    expect(changeAlertListState(onPage3, { page: 4 })).toEqual({ ...onPage3, page: 4 });
  });

  it('asks GET /alerts for the scope and the filters, severities in the domain order', () => {
    const query = alertListQueryString({
      ...defaultAlertListState,
      severities: ['CRITICAL', 'MINOR'],
      acknowledged: true,
      search: 'svc',
      organizationId: 4,
      pageSize: 50,
    });
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      page: '1',
      pageSize: '50',
      organizationId: '4',
      status: 'ACTIVE',
      severity: 'MINOR,CRITICAL',
      acknowledged: 'true',
      search: 'svc',
      sort: '-triggerTime',
    });
  });
});
