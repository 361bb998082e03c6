import type { SystemSummary } from '@rmm/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

export const dashboardKeys = { summary: ['dashboard', 'summary'] as const };
export const useSystemSummaryQuery = () =>
  useQuery({
    queryKey: dashboardKeys.summary,
    queryFn: () => apiRequest<SystemSummary>('GET', '/dashboard/summary'),
  });
