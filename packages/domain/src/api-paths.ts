// API paths as plain data (no schema library), for the console's first load and the server alike.

/** The console's realtime channel (WebSocket). */
export const EVENTS_PATH = '/events';
