import type { ApprovalStatus, ListDevicesResponse } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';
import type { DeviceListParams } from '../../lib/query-keys.ts';

export type ApprovalListParams = DeviceListParams & { approvalStatus: ApprovalStatus };

/** Devices by approval status; approving and rejecting them is a bulk action of the search runner. */
export const approvalsApi = {
  devices: (params: ApprovalListParams) =>
    apiRequest<ListDevicesResponse>('GET', `${apiPaths.devices()}${toQuery(params)}`),
};
