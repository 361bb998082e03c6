import type { TaskTargets } from '@rmm/domain';
import type { TFunction } from 'i18next';

/** "3 devices, 1 group, 2 organizations": what a task runs on, counted. */
export const describeTargets = (targets: TaskTargets, t: TFunction): string =>
  [
    ['devices', targets.deviceIds.length] as const,
    ['groups', targets.searchIds.length] as const,
    ['organizations', targets.organizationIds.length] as const,
  ]
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => t(`scheduledTasks.targets.${kind}`, { count }))
    .join(', ') || t('scheduledTasks.none');
