import { Badge } from '@mantine/core';
import type { InvoiceStatus } from '@rmm/domain';
import { useTranslation } from 'react-i18next';

const statusColor: Record<InvoiceStatus, string> = {
  PENDING: 'yellow',
  APPROVED: 'green',
  ARCHIVED: 'gray',
  VOID: 'red',
};

export const InvoiceStatusBadge = ({ status }: { status: InvoiceStatus }) => {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={statusColor[status]}>
      {t(`billing.invoiceStatus.${status}`)}
    </Badge>
  );
};
