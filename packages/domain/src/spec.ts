// Spec §3, §4, §5, §8 and §9 as code; decided values are listed in docs/decisions.md.
export * from './attachments.ts';
export * from './backup.ts';
export * from './constant-schemas.ts';
export * from './constants.ts';
export * from './decisions.ts';
export * from './enums.ts';
export * from './jobs.ts';
export * from './messages.ts';
export * from './products.ts';
export * from './psa.ts';
export * from './rulesets.ts';
export * from './rulesets-graphql.ts';
export * from './schedules.ts';
export * from './searches.ts';
export * from './tickets.ts';
export * from './validators.ts';
