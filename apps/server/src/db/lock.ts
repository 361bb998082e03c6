import fs from 'node:fs';
import path from 'node:path';

/** PGlite is one process's database: a lock file in DATA_DIR makes a second process refuse it. */
export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(`The data directory ${dir} is in use by process ${pid}. Stop it first, or set DATABASE_URL.`);
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export const lockDataDir = (dir: string): (() => void) => {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) throw new DataDirLockedError(dir, holder);
      fs.rmSync(lockPath, { force: true }); // stale lock of a process that died
    }
  }
  throw new DataDirLockedError(dir, -1);
};
