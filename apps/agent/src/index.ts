/**
 * What the agent package offers to code outside it (the bench's simulated agents): its arguments, its
 * enrolment, heartbeat and reconnect backoff, the inventory key and its version. Everything else is
 * internal to apps/agent.
 */
export { parseAgentArgs } from './args.ts';
export { inventoryKey } from './collectors/inventory-key.ts';
export { EnrollmentRefusedError, requestEnrollment } from './enroll.ts';
export { type HeartbeatLoop, startHeartbeat } from './heartbeat.ts';
export { type BackoffOptions, backoffDelay, RESTART_WINDOW_MS, restartDelay } from './transport/backoff.ts';
export { AGENT_VERSION } from './version.ts';
