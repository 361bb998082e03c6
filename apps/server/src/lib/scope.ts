import type { OrganizationScope } from '@rmm/domain';
import { type Column, inArray, type SQL, sql } from 'drizzle-orm';

/** The SQL condition that limits a query to the caller's organizations. */
export const inScope = (column: Column, scope: OrganizationScope): SQL | undefined =>
  scope === 'all' ? undefined : scope.length === 0 ? sql`false` : inArray(column, scope);

export const scopeAllows = (scope: OrganizationScope, organizationId: number) =>
  scope === 'all' || scope.includes(organizationId);
