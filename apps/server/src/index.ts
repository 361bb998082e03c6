/**
 * What the server package offers to code outside it (bench/, e2e/): build the app on a database, load
 * its configuration, seed the first administrator. Everything else is internal to apps/server.
 */
export { buildApp } from './app.ts';
export { type Config, loadConfig } from './config.ts';
export { type Database, type Db, openDatabase } from './db/database.ts';
export { ensureAdministrator } from './modules/auth/service.ts';
