import { healthStatusLabels } from '@rmm/domain';

/** English labels of the device health badge (health-status-badge.tsx): the domain's `healthStatusLabels`. */
export const healthStatusStrings = {
  'health.title': 'Health: {status}',
  ...Object.fromEntries(
    Object.entries(healthStatusLabels).map(([status, label]) => [`health.${status}`, label]),
  ),
} as const;
