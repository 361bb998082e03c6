import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The device identity the server gave at enrolment; later starts reuse it. */
export const Identity = z.object({
  serverUrl: z.string().url(),
  deviceId: z.number().int().positive(),
  deviceSecret: z.string().min(16),
  organizationId: z.number().int(),
  enrolledAt: z.string(),
});
export type Identity = z.infer<typeof Identity>;

export const IDENTITY_FILE = 'identity.json';
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

export const identityPath = (stateDir: string) => path.join(stateDir, IDENTITY_FILE);

/** The stored identity, or undefined before enrolment; a damaged file is an error, not a re-enrolment. */
export const loadIdentity = (stateDir: string): Identity | undefined => {
  const file = identityPath(stateDir);
  if (!fs.existsSync(file)) return undefined;
  // The secret must stay private even if someone loosened the mode.
  if (process.platform !== 'win32' && (fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, FILE_MODE);
  const parsed = Identity.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`The identity file ${file} is damaged: remove it and enrol again.`);
  return parsed.data;
};

/** Written to a temporary file with mode 0600 and renamed, so a crash never leaves half a secret. */
export const saveIdentity = (stateDir: string, identity: Identity) => {
  fs.mkdirSync(stateDir, { recursive: true, mode: DIR_MODE });
  const file = identityPath(stateDir);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(identity, null, 2)}\n`, { mode: FILE_MODE });
  fs.chmodSync(temporary, FILE_MODE); // the umask can only narrow, but be explicit
  fs.renameSync(temporary, file);
};
