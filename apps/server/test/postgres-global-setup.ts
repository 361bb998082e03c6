import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';

/** Migrate once into a template database; each test file clones its own database from it. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required for the server-postgres project');
  const template = `rmm_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = withDatabase(url, template);
  const database = await openDatabase({ driver: 'postgres', url: templateUrl, poolSize: 1 });
  await database.close();
  project.provide('pgTemplate', template);
  return async () => {
    const rows = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
      [`${template}_f%`, template],
    );
    for (const { datname } of rows.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
  };
}

export const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}
