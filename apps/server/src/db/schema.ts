/**
 * Every table of the database, for Drizzle (queries, relations) and drizzle-kit (migrations). Each module
 * owns its tables in its own `schema.ts`; a new table goes there and is re-exported here.
 */

export * from '../lib/event-feed-schema.ts';
export * from '../modules/activities/schema.ts';
export * from '../modules/alerts/schema.ts';
export * from '../modules/attachments/schema.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/backup/schema.ts';
export * from '../modules/billing/schema.ts';
export * from '../modules/branding/schema.ts';
export * from '../modules/credentials/schema.ts';
export * from '../modules/demo-requests/schema.ts';
export * from '../modules/devices/schema.ts';
export * from '../modules/enrollment/schema.ts';
export * from '../modules/help/schema.ts';
export * from '../modules/help-desk/schema.ts';
export * from '../modules/jobs/schema.ts';
export * from '../modules/knowledge-base/schema.ts';
export * from '../modules/mfa/schema.ts';
export * from '../modules/notifications/schema.ts';
export * from '../modules/organizations/schema.ts';
export * from '../modules/policies/schema.ts';
export * from '../modules/products/schema.ts';
export * from '../modules/psa/schema.ts';
export * from '../modules/scheduled-tasks/schema.ts';
export * from '../modules/scripts/schema.ts';
export * from '../modules/searches/schema.ts';
export * from '../modules/settings/schema.ts';
export * from '../modules/sso/schema.ts';
export * from '../modules/tags/schema.ts';
export * from '../modules/ticket-mail/schema.ts';
export * from '../modules/ticket-rules-engine/schema.ts';
export * from '../modules/ticket-rulesets/schema.ts';
export * from '../modules/tickets/schema.ts';
