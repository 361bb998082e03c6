import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type JournalEntry, openJournal } from './journal.ts';
import { cleanUpJobTests, createTempDir } from './test-support.ts';

const DAY_MS = 86_400_000;

afterEach(cleanUpJobTests);

const createEntry = (overrides: Partial<JournalEntry> = {}): JournalEntry => ({
  jobUid: randomUUID(),
  jobType: 'ACTION',
  jobName: 'Test job',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  receivedAt: new Date().toISOString(),
  state: 'accepted',
  ...overrides,
});

describe('the journal on disk', () => {
  it('writes each job as a 0600 file in a 0700 folder and reads them back in the order received', () => {
    const stateDir = createTempDir();
    const journal = openJournal({ stateDir, historyDays: 30, now: () => new Date() });
    const later = createEntry({ receivedAt: '2030-01-02T00:00:00.000Z' });
    const earlier = createEntry({ receivedAt: '2030-01-01T00:00:00.000Z', state: 'started' });
    journal.write(later);
    journal.write(earlier);

    expect(fs.statSync(path.join(stateDir, 'jobs')).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(stateDir, 'jobs', `${later.jobUid}.json`)).mode & 0o777).toBe(0o600);
    expect(journal.load()).toEqual([earlier, later]);
    expect(fs.readdirSync(path.join(stateDir, 'jobs')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('reports a damaged file as damaged and removes half-written temp files', () => {
    const stateDir = createTempDir();
    const journal = openJournal({ stateDir, historyDays: 30, now: () => new Date() });
    const jobUid = randomUUID();
    fs.writeFileSync(path.join(journal.dir, `${jobUid}.json`), '{"jobUid": "cut off');
    fs.writeFileSync(path.join(journal.dir, `${randomUUID()}.json.123.tmp`), '{');

    expect(journal.load()).toEqual([{ jobUid, isDamaged: true }]);
    expect(fs.readdirSync(journal.dir).some((name) => name.endsWith('.tmp'))).toBe(false);
  });

  it('remembers stored jobUids for the history days (and while the job could still be delivered)', () => {
    const stateDir = createTempDir();
    let now = new Date('2030-01-01T00:00:00.000Z');
    const options = { stateDir, historyDays: 30, now: () => now };
    const journal = openJournal(options);
    const stored = createEntry({ expiresAt: '2030-01-01T01:00:00.000Z' });
    const longLived = createEntry({ expiresAt: '2030-03-01T00:00:00.000Z' });
    journal.write(stored);
    journal.markDone(stored.jobUid, stored.expiresAt);
    journal.markDone(longLived.jobUid, longLived.expiresAt);
    expect(fs.existsSync(path.join(journal.dir, `${stored.jobUid}.json`))).toBe(false);

    now = new Date(now.getTime() + 29 * DAY_MS);
    expect(openJournal(options).isDone(stored.jobUid)).toBe(true);
    now = new Date(now.getTime() + 2 * DAY_MS);
    const reopened = openJournal(options);
    reopened.prune();
    expect(reopened.isDone(stored.jobUid)).toBe(false);
    expect(reopened.isDone(longLived.jobUid)).toBe(true);
  });

  it('refuses a jobUid that is not a UUID as a file name', () => {
    const journal = openJournal({ stateDir: createTempDir(), historyDays: 30, now: () => new Date() });
    expect(() => journal.write(createEntry({ jobUid: '../../identity' }))).toThrow('not a jobUid');
  });
});
