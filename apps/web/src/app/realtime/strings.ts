/** English strings of app/realtime/ (keys under realtime.); i18n/en.ts gathers every area's. */
export const realtimeStrings = {
  'realtime.status.live': 'Live',
  'realtime.status.connecting': 'Connecting',
  'realtime.status.reconnecting': 'Reconnecting',
  'realtime.status.offline': 'Offline',
  'realtime.hint.live': 'Changes to devices appear here as they happen.',
  'realtime.hint.connecting': 'Opening the live channel…',
  'realtime.hint.reconnecting': 'The live channel dropped; trying again. The refresh interval still applies.',
  'realtime.hint.offline': 'Live updates are off; the refresh interval still applies.',
} as const;
