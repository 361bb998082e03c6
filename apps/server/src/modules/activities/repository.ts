import type { Activity, ActivityOutcome, ListActivitiesQuery, OrganizationScope } from '@rmm/domain';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { toNumber } from '../../db/database.ts';
import { activities } from '../../db/schema.ts';
import { inScope } from '../../lib/scope.ts';

export type NewActivity = {
  actorId: number | null;
  actorName: string;
  action: string;
  targetType?: string | null;
  targetId?: string | number | null;
  targetName?: string | null;
  organizationId?: number | null;
  organizationName?: string | null;
  outcome: ActivityOutcome;
  detail?: string | null;
  jobUid?: string | null;
};

export const insertActivity = async (db: DbOrTx, activity: NewActivity) => {
  await db.insert(activities).values({
    ...activity,
    targetId: activity.targetId == null ? null : String(activity.targetId),
  });
};

/**
 * Many activities in one statement (bulk device actions, a fan-out's results): the rows travel as one
 * JSON parameter, so ten thousand cost one parameter and no per-row query building.
 */
/** The INSERT of these activities as one SQL statement (one JSON parameter), to run alone or in a CTE. */
export const activitiesInsert = (list: NewActivity[]) => {
  const rows = list.map((a, ord) => ({
    ord,
    actor_id: a.actorId,
    actor_name: a.actorName,
    action: a.action,
    target_type: a.targetType ?? null,
    target_id: a.targetId == null ? null : String(a.targetId),
    target_name: a.targetName ?? null,
    organization_id: a.organizationId ?? null,
    organization_name: a.organizationName ?? null,
    outcome: a.outcome,
    detail: a.detail ?? null,
    job_uid: a.jobUid ?? null,
  }));
  return sql`
    insert into ${activities} (actor_id, actor_name, action, target_type, target_id, target_name,
      organization_id, organization_name, outcome, detail, job_uid)
    select r.actor_id, r.actor_name, r.action, r.target_type, r.target_id, r.target_name,
      r.organization_id, r.organization_name, r.outcome, r.detail, r.job_uid
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(ord integer, actor_id integer,
      actor_name text, action text, target_type text, target_id text, target_name text,
      organization_id integer, organization_name text, outcome text, detail text, job_uid uuid)
    order by r.ord`;
};

export const insertActivities = async (db: DbOrTx, list: NewActivity[]) => {
  if (list.length === 0) return;
  await db.execute(activitiesInsert(list));
};

const toActivity = (row: typeof activities.$inferSelect): Activity => ({
  id: row.id,
  time: row.time.toISOString(),
  actorId: row.actorId,
  actorName: row.actorName,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  targetName: row.targetName,
  organizationId: row.organizationId,
  organizationName: row.organizationName,
  outcome: row.outcome as ActivityOutcome,
  detail: row.detail,
  jobUid: row.jobUid,
});

export const listActivities = async (db: DbOrTx, scope: OrganizationScope, query: ListActivitiesQuery) => {
  const conditions: (SQL | undefined)[] = [
    // Activities without an organization (sign-in, settings) are visible to all-organization users only.
    scope === 'all' ? undefined : inScope(activities.organizationId, scope),
    query.organizationId ? eq(activities.organizationId, query.organizationId) : undefined,
    query.outcome ? eq(activities.outcome, query.outcome) : undefined,
    query.targetType ? eq(activities.targetType, query.targetType) : undefined,
    query.targetId ? eq(activities.targetId, query.targetId) : undefined,
    query.action ? ilike(activities.action, `${escapeLike(query.action)}%`) : undefined,
    query.search
      ? or(
          ilike(activities.actorName, `%${escapeLike(query.search)}%`),
          ilike(activities.targetName, `%${escapeLike(query.search)}%`),
          ilike(activities.organizationName, `%${escapeLike(query.search)}%`),
        )
      : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(activities)
      .where(where)
      .orderBy(desc(activities.time), desc(activities.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(activities).where(where),
  ]);
  return { data: rows.map(toActivity), count: toNumber(total?.value) };
};

export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
