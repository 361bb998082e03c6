import fs from 'node:fs';
import path from 'node:path';
import { AgentJobResult, JobTypeName } from '@rmm/domain';
import { z } from 'zod';

/**
 * The on-disk journal of jobs: one file per job (`jobs/<jobUid>.json`) from the moment it is accepted
 * until the server has stored its result, and a small index of stored jobUids (`jobs/done.json`) so
 * a job delivered again is never run again. Every file is written atomically with mode 0600.
 */

export const JobResultRecord = AgentJobResult.omit({ v: true, type: true, deviceId: true });
export type JobResultRecord = z.infer<typeof JobResultRecord>;

export const JournalEntry = z.object({
  jobUid: z.string().uuid(),
  jobType: JobTypeName,
  jobName: z.string(),
  expiresAt: z.string(),
  receivedAt: z.string(),
  /** accepted: queued; started: its process was (about to be) started; finished: the result is held. */
  state: z.enum(['accepted', 'started', 'finished']),
  /** A reboot that was started counts as done when the machine booted after it. */
  isReboot: z.boolean().optional(),
  startedAt: z.string().optional(),
  /** The leader of the job's process tree while it runs. */
  pid: z.number().int().positive().optional(),
  result: JobResultRecord.optional(),
});
export type JournalEntry = z.infer<typeof JournalEntry>;

const DoneIndex = z.record(z.string(), z.object({ storedAt: z.string(), expiresAt: z.string() }));
type DoneIndex = z.infer<typeof DoneIndex>;

/** A file in the journal folder that could not be read: the job's state is unknown. */
export type DamagedEntry = { jobUid: string; isDamaged: true };

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
const DONE_FILE = 'done.json';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

const fsyncDirectory = (dir: string) => {
  if (process.platform === 'win32') return; // Windows cannot open a folder to flush it
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
};

/** Temp file, fsync, rename, fsync of the folder: after a crash the file is the old or the new one, whole. */
export const writeFileAtomic = (file: string, text: string) => {
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(temporary, 'w', FILE_MODE);
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.chmodSync(temporary, FILE_MODE); // the umask can only narrow, but be explicit
  fs.renameSync(temporary, file);
  fsyncDirectory(path.dirname(file));
};

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));

export type JournalOptions = {
  stateDir: string;
  /** Stored jobUids are remembered this long (and at least until the job expired). */
  historyDays: number;
  now: () => Date;
};

export const openJournal = ({ stateDir, historyDays, now }: JournalOptions) => {
  const dir = path.join(stateDir, 'jobs');
  const scriptsDir = path.join(dir, 'scripts');
  const doneFile = path.join(dir, DONE_FILE);
  fs.mkdirSync(scriptsDir, { recursive: true, mode: DIR_MODE });

  const entryPath = (jobUid: string) => {
    if (!UUID.test(jobUid)) throw new Error(`not a jobUid: ${jobUid}`);
    return path.join(dir, `${jobUid}.json`);
  };

  const readDone = (): DoneIndex => {
    if (!fs.existsSync(doneFile)) return {};
    const parsed = DoneIndex.safeParse(readJson(doneFile));
    return parsed.success ? parsed.data : {};
  };
  let done = readDone();

  /** Forgets stored jobUids older than the history days whose job has expired as well. */
  const prune = () => {
    const cutoff = now().getTime() - historyDays * DAY_MS;
    const kept = Object.entries(done).filter(
      ([, record]) => Date.parse(record.storedAt) > cutoff || Date.parse(record.expiresAt) > now().getTime(),
    );
    if (kept.length === Object.keys(done).length) return;
    done = Object.fromEntries(kept);
    writeFileAtomic(doneFile, JSON.stringify(done));
  };

  const remove = (jobUid: string) => fs.rmSync(entryPath(jobUid), { force: true });

  /** Every job on disk in the order received; files of stored jobs and half-written temp files go. */
  const load = (): Array<JournalEntry | DamagedEntry> => {
    const entries: Array<JournalEntry | DamagedEntry> = [];
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (name.endsWith('.tmp')) fs.rmSync(file, { force: true });
      const jobUid = name.replace(/\.json$/, '');
      if (!name.endsWith('.json') || !UUID.test(jobUid)) continue;
      if (Object.hasOwn(done, jobUid)) {
        remove(jobUid); // stored, but the agent stopped before it deleted the file
        continue;
      }
      try {
        entries.push(JournalEntry.parse(readJson(file)));
      } catch {
        entries.push({ jobUid, isDamaged: true });
      }
    }
    const receivedAt = (entry: JournalEntry | DamagedEntry) =>
      'receivedAt' in entry ? entry.receivedAt : '';
    return entries.sort((a, b) => receivedAt(a).localeCompare(receivedAt(b)));
  };

  return {
    dir,
    scriptsDir,
    load,
    write: (entry: JournalEntry) => writeFileAtomic(entryPath(entry.jobUid), JSON.stringify(entry)),
    remove,
    isDone: (jobUid: string) => Object.hasOwn(done, jobUid),
    /** The server stored the result: remember the jobUid, then forget the job's file. */
    markDone: (jobUid: string, expiresAt: string) => {
      done[jobUid] = { storedAt: now().toISOString(), expiresAt };
      writeFileAtomic(doneFile, JSON.stringify(done));
      remove(jobUid);
      prune();
    },
    prune,
    /** Scripts left behind by an agent that stopped mid-job. */
    clearScripts: () => {
      for (const name of fs.readdirSync(scriptsDir)) fs.rmSync(path.join(scriptsDir, name), { force: true });
    },
  };
};
export type Journal = ReturnType<typeof openJournal>;
