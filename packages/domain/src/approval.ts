// Plain data (no schema library): the console's first load reads the labels; enums.ts builds the schema.

export const approvalStatuses = ['DISCOVERED', 'PENDING', 'APPROVED', 'REJECTED'] as const;
export const approvalLabels: Readonly<Record<(typeof approvalStatuses)[number], string>> = {
  DISCOVERED: 'Discovered',
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};
