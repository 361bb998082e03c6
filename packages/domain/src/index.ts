// The one contract shared by server, console and agent.

export * from './activities.ts';
export * from './agent-protocol.ts';
export * from './api-paths.ts';
export * from './auth.ts';
export * from './branding.ts';
export * from './credentials.ts';
export * from './demo-requests.ts';
export * from './device-searches.ts';
export * from './device-tags.ts';
export * from './devices.ts';
export * from './events.ts';
export * from './flags.ts';
export * from './help.ts';
export * from './help-articles.ts';
export * from './help-desk.ts';
export * from './help-desk-errors.ts';
export * from './help-suggestions.ts';
export * from './http.ts';
export * from './http-errors.ts';
export * from './job-api.ts';
export * from './knowledge-base.ts';
export * from './links.ts';
export * from './mfa.ts';
export * from './organizations.ts';
export * from './permissions.ts';
export * from './remote-support-tools.ts';
export * from './route-match.ts';
export * from './routes.ts';
export * from './schedule-occurrences.ts';
export * from './scheduled-tasks.ts';
export * from './scripts.ts';
export * from './security.ts';
// Spec §3, §4, §5, §8, §9 as code (enumerations, validators, messages, constants).
export * from './spec.ts';
export * from './sso.ts';
export * from './users.ts';
