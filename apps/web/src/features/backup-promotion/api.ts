import type { ListDemoRequestsResponse, SubmitDemoRequest, SubmitDemoRequestResponse } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';

export type DemoRequestListParams = { page: number; pageSize: number };

/** The backup promotion's demo requests (spec §7) and their list for administrators. */
export const backupPromotionApi = {
  requestDemo: (body: SubmitDemoRequest) =>
    apiRequest<SubmitDemoRequestResponse>('POST', apiPaths.backupDemoRequest(), body),
  demoRequests: (params: DemoRequestListParams) =>
    apiRequest<ListDemoRequestsResponse>('GET', `${apiPaths.demoRequests()}${toQuery(params)}`),
};
