import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { deviceListKey } from '../../lib/query-keys.ts';
import { type ApprovalListParams, approvalsApi } from './api.ts';

/** A page of the devices of an approval status, cached as a device list: device events refresh it. */
export const useApprovalDevicesQuery = (params: ApprovalListParams) =>
  useQuery({
    queryKey: deviceListKey(params),
    queryFn: () => approvalsApi.devices(params),
    placeholderData: keepPreviousData,
  });
