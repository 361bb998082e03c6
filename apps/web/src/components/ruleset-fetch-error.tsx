import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Spec §8 "Error fetching ruleset": what a failed read of the ticket rulesets shows (the rulesets screen, the
 * ruleset dialog, the condition editor's picker), with the server's reason and a retry. The read itself
 * reports the failure (lib/ticket-rulesets.ts).
 */
export const RulesetFetchError = ({ error, onRetry }: { error: Error | null; onRetry: () => void }) => {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle size={18} />}
      title={t('spec.rulesets.fetchError')}
      role="alert"
    >
      {error?.message}{' '}
      <Button size="xs" variant="subtle" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
};
