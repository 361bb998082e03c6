import { Badge, type BadgeProps } from '@mantine/core';
import type { ApprovalStatus } from '@rmm/domain';
import { useTranslation } from 'react-i18next';

/** Nothing for an approved device; a badge for one that is pending or rejected. */
export const ApprovalBadge = ({ status, ...props }: { status: ApprovalStatus } & BadgeProps) => {
  const { t } = useTranslation();
  if (status === 'APPROVED') return null;
  return (
    <Badge color={status === 'REJECTED' ? 'red' : 'orange'} variant="outline" {...props}>
      {t(`devices.approval.${status}`)}
    </Badge>
  );
};
