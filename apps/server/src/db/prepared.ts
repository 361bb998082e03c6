import type { Db } from './database.ts';

/**
 * A prepared statement built once per database handle (the handle a test or a second app opens gets
 * its own): `const find = preparedPer((db) => db.select()…prepare('name'))`, then `find(db).execute(…)`.
 */
export const preparedPer = <T>(build: (db: Db) => T) => {
  const statements = new WeakMap<Db, T>();
  return (db: Db): T => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
};
