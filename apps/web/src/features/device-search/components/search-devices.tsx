import type { ActionTarget, SearchCriteria } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { searchesApi } from '../api.ts';
import { collectMatchingIds } from '../matching-ids.ts';
import { useSearchDevicesQuery } from '../queries.ts';
import { useListUrlState } from '../use-list-url-state.ts';
import { DeviceResults } from './device-results.tsx';
import { ResultsFilterInput } from './results-filter-input.tsx';

/**
 * The devices a saved search, preset or group matches or, given `criteria`, the devices those
 * unsaved criteria match. Page, sort and text filter live in the URL.
 */
export const SearchDevices = ({
  searchId,
  criteria,
  columnsKey,
  emptyText,
}: {
  searchId: number;
  criteria?: SearchCriteria;
  columnsKey: string;
  emptyText: string;
}) => {
  const { t } = useTranslation();
  const { state, setState } = useListUrlState();
  const params = {
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    search: state.q || undefined,
  };
  const query = useSearchDevicesQuery(searchId, params, criteria);
  const target: ActionTarget = criteria ? { criteria } : { searchId };
  return (
    <DeviceResults
      query={query}
      state={state}
      onStateChange={setState}
      // A text filter narrows the list beyond what criteria say: the runner gets the ids then.
      resolveAllMatching={async () =>
        state.q
          ? collectMatchingIds((page, pageSize) =>
              criteria
                ? searchesApi.run({ ...params, page, pageSize, criteria })
                : searchesApi.devices(searchId, { ...params, page, pageSize }),
            )
          : target
      }
      actions={['APPROVE', 'REJECT', 'DELETE', 'MOVE_TO_LOCATION', 'REBOOT', 'RUN_SCRIPT']}
      withTags
      columnsKey={columnsKey}
      emptyText={state.q ? t('common.noResults') : emptyText}
      // Other criteria match other devices: what was selected is dropped.
      selectionKey={`${searchId}|${JSON.stringify(criteria ?? null)}`}
      filters={<ResultsFilterInput value={state.q} onChange={(q) => setState({ q })} />}
    />
  );
};
