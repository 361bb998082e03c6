import * as z from 'zod';
import { listOf, PageQuery } from './http.ts';

export const ActivityOutcome = /* @__PURE__ */ z.enum(['SUCCESS', 'FAILURE']);
export type ActivityOutcome = z.infer<typeof ActivityOutcome>;

export const Activity = /* @__PURE__ */ z.object({
  id: z.number().int(),
  time: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetName: z.string().nullable(),
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  outcome: ActivityOutcome,
  detail: z.string().nullable(),
  /** The job the activity is about (job.submit, job.result, job.cancel, job.expire), else null. */
  jobUid: z.string().nullable(),
});
export type Activity = z.infer<typeof Activity>;

export const ListActivitiesQuery = /* @__PURE__ */ PageQuery.extend({
  organizationId: z.coerce.number().int().positive().optional(),
  outcome: ActivityOutcome.optional(),
  action: z.string().trim().max(100).optional(),
  /** What the activity is about, e.g. `device` and its id: a device's own history. */
  targetType: z.string().trim().max(50).optional(),
  targetId: z.string().trim().max(50).optional(),
  search: z.string().trim().max(200).optional(),
});
export type ListActivitiesQuery = z.output<typeof ListActivitiesQuery>;
export const ListActivitiesResponse = /* @__PURE__ */ listOf(Activity);
export type ListActivitiesResponse = z.infer<typeof ListActivitiesResponse>;
