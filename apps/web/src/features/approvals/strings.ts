/** English strings of features/approvals/ (keys under approvals.); i18n/en.ts gathers every area's. */
export const approvalsStrings = {
  'approvals.title': 'Approvals',
  'approvals.filter': 'Approval status',
  'approvals.empty.DISCOVERED': 'No discovered devices.',
  'approvals.empty.PENDING': 'No devices wait for approval.',
  'approvals.empty.APPROVED': 'No approved devices.',
  'approvals.empty.REJECTED': 'No rejected devices.',
} as const;
