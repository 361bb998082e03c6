import { sql } from 'drizzle-orm';

/**
 * A FROM item that turns off `synchronous_commit` for the statement's own transaction: it commits without
 * waiting for the WAL to reach the disk (the write stays atomic and ordered; a crash of the database
 * itself may lose the last fraction of a second of such writes). Only for writes that the next message
 * repeats or that are notes: presence (the next heartbeat writes it again) and the `sent` history of a
 * job. Never inside a transaction that holds a job, a result or anything answered as stored: the whole
 * transaction would commit lazily. It spares those the disk flushes: on a busy machine commits wait for
 * one another's fsync, and a submission's answer waits for its own.
 */
export const lazyCommit = sql`(select set_config('synchronous_commit', 'off', true)) as lazy_commit`;
