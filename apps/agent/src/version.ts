/** Reported to the server at enrolment and in every hello. */
export const AGENT_VERSION = '0.1.0';
