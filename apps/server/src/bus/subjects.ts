/** Console events of one organization: the events hub subscribes to all of them. */
export const consoleEventSubject = (organizationId: number) => `console.org.${organizationId}`;
export const ALL_CONSOLE_EVENTS = 'console.org.*';

/** Messages for one device's agent (server-to-agent messages); the node holding its socket delivers. */
export const agentSubject = (deviceId: number) => `agent.device.${deviceId}`;
/** An agent's answer to one request (wakeOnLan); the request id is a UUID, so one subject token. */
export const agentReplySubject = (requestId: string) => `agent.reply.${requestId}`;

/**
 * Users whose sessions were ended or whose rights changed (disabled, new role, session revoked): every
 * process re-checks those users' /events sockets at once, closing the ones no longer signed in.
 */
export const USERS_CHANGED_SUBJECT = 'auth.users.changed';

/**
 * Devices whose effective conditions may have changed (a policy, an assignment, a dynamic policy; payload
 * `{ deviceIds: number[] }`, or `{ all: true }` when a dynamic policy's criteria changed): every node re-sends
 * the condition sets of those of its agents whose hash changed.
 */
export const CONDITIONS_CHANGED_SUBJECT = 'monitoring.conditions.changed';
