import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { queryLoadErrorView, reasonOf } from '../load-error.ts';

type LoadQuery = Parameters<typeof queryLoadErrorView>[0] & { refetch: () => unknown };

/**
 * Spec §8 for a backup query: "Backup loading error" with the server's reason and Retry when its first load
 * failed; nothing on 403, nothing when a poll fails (the data shown stays).
 */
export const BackupLoadError = ({ query }: { query: LoadQuery }) => {
  const { t } = useTranslation();
  if (queryLoadErrorView(query) !== 'message') return null;
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle size={18} />}
      title={t('spec.backup.loadingError')}
      role="alert"
      mb="md"
    >
      {reasonOf(query.error, t('spec.backup.loadingError'))}{' '}
      <Button size="xs" variant="subtle" onClick={() => query.refetch()}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
};
