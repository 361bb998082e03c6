/**
 * The device status and approval labels of the shared badges (components/device-status-badge.tsx,
 * approval-badge.tsx), which the dashboard shows: part of the first load's catalog (i18n/en.ts). The rest of
 * the devices area's strings come on demand (i18n/area-strings.ts).
 */
export const statusStrings = {
  'devices.status.UP': 'Up',
  'devices.status.DOWN': 'Down',
  'devices.status.WARNING': 'Warning',
  'devices.approval.PENDING': 'Pending approval',
  'devices.approval.REJECTED': 'Rejected',
  'devices.approval.DISCOVERED': 'Discovered',
  'devices.approval.APPROVED': 'Approved',
} as const;
