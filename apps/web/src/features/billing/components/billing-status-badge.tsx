import { Badge } from '@mantine/core';
import type { BillingStatus } from '@rmm/domain';
import { useTranslation } from 'react-i18next';

const colors: Record<BillingStatus, string> = {
  PENDING: 'yellow',
  BILLED: 'green',
  NOT_BILLABLE: 'gray',
  UNASSIGNED: 'orange',
};

export const BillingStatusBadge = ({ status }: { status: BillingStatus }) => {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color={colors[status]} style={{ flexShrink: 0 }}>
      {t(`billing.status.${status}`)}
    </Badge>
  );
};
