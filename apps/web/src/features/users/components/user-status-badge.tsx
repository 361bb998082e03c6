import { Badge } from '@mantine/core';
import type { UserStatus } from '@rmm/domain';
import { useTranslation } from 'react-i18next';

const colors: Record<UserStatus, string> = {
  ACTIVE: 'green',
  INVITED: 'blue',
  RESET: 'orange',
  DISABLED: 'gray',
};

export const UserStatusBadge = ({ status }: { status: UserStatus }) => {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={colors[status]}>
      {t(`users.status.${status}`)}
    </Badge>
  );
};
