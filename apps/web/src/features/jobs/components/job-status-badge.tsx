import { Badge, type BadgeProps } from '@mantine/core';
import type { JobResult, JobStatus } from '@rmm/domain';
import { useTranslation } from 'react-i18next';

const statusColors: Record<JobStatus, string> = {
  START_REQUESTED: 'gray',
  IN_PROGRESS: 'blue',
  CANCEL_REQUESTED: 'orange',
  CANCELLED: 'gray',
  COMPLETED: 'teal',
  EXPIRED: 'gray',
};

export const JobStatusBadge = ({ status, ...props }: { status: JobStatus } & BadgeProps) => {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={statusColors[status]} data-testid="job-status" {...props}>
      {t(`jobs.status.${status}`)}
    </Badge>
  );
};

export const JobResultBadge = ({ result, ...props }: { result: JobResult } & BadgeProps) => {
  const { t } = useTranslation();
  return (
    <Badge
      variant="filled"
      color={result === 'SUCCESS' ? 'green' : 'red'}
      data-testid="job-result"
      {...props}
    >
      {t(`jobs.result.${result}`)}
    </Badge>
  );
};
