import { Alert, Anchor } from '@mantine/core';
import type { ExecuteActionResponse } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const PENDING_JOBS_PATH = links.pendingScripts();

const isJobAction = (action: ExecuteActionResponse['action']) =>
  action === 'REBOOT' || action === 'RUN_SCRIPT';

/**
 * What the runner answered, in words: "3 devices approved, 0 skipped", or for a job action
 * "Reboot requested on 3 devices" with the way to the pending jobs that follow it.
 */
export const ActionResult = ({ result, onClose }: { result: ExecuteActionResponse; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Alert color="green" role="status" withCloseButton onClose={onClose} mb="sm" py="xs">
      {t(`deviceSearch.result.${result.action}`, { count: result.affected, skipped: result.skipped })}
      {result.action === 'MOVE_TO_LOCATION' && result.skipped > 0 && ` ${t('deviceSearch.skippedExplain')}`}
      {isJobAction(result.action) && result.affected > 0 && (
        <>
          {' '}
          <Anchor component={Link} to={PENDING_JOBS_PATH} size="sm" fw={500}>
            {t('deviceSearch.followJobs')}
          </Anchor>
        </>
      )}
    </Alert>
  );
};
