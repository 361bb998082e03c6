import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Tables of the activities module (all tables: db/schema.ts). */

export const activities = pgTable(
  'activities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    time: timestamp('time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetName: text('target_name'),
    organizationId: integer('organization_id'),
    organizationName: text('organization_name'),
    outcome: text('outcome').notNull(),
    detail: text('detail'),
    /** The job an activity is about (its submission, result, cancel...), for the console's job view. */
    jobUid: uuid('job_uid'),
  },
  (t) => [
    index('activities_time_idx').on(t.time.desc(), t.id.desc()),
    index('activities_org_time_idx').on(t.organizationId, t.time.desc()),
  ],
);
