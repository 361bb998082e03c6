import type { ApprovalStatus } from '@rmm/domain';
import { listDevices } from '../../lib/devices.ts';
import type { DeviceListParams } from '../../lib/query-keys.ts';

export type ApprovalListParams = DeviceListParams & { approvalStatus: ApprovalStatus };

/** Devices by approval status; approving and rejecting them is a bulk action of the search runner. */
export const approvalsApi = {
  devices: (params: ApprovalListParams) => listDevices(params),
};
