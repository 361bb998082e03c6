import { type Column, type SQL, sql } from 'drizzle-orm';

type ArrayType = 'integer' | 'bigint' | 'uuid' | 'text';

/**
 * `column = any($1::type[])`: a list as ONE bound array parameter. Drizzle's `inArray` binds one
 * parameter per value and builds each; for the thousands of ids of a fan-out this one costs the same
 * whatever the length (and never meets the 65,535-parameter limit).
 */
export const anyOf = (column: Column, values: readonly (number | string)[], type: ArrayType): SQL =>
  sql`${column} = any(${sql.param(values)}::${sql.raw(type)}[])`;
