import { Badge } from '@mantine/core';
import type { BackupRevisionLocation } from '@rmm/domain';
import { useTranslation } from 'react-i18next';

const colors: Record<BackupRevisionLocation, string> = { LOCAL: 'grape', CLOUD: 'blue', BOTH: 'teal' };

/** Where a revision's data is: the local folder or share, the server's store, or both. */
export const RevisionLocationBadge = ({ location }: { location: BackupRevisionLocation }) => {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color={colors[location]} size="sm">
      {t(`backup.location.${location}`)}
    </Badge>
  );
};
