import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { securityMessages } from '@rmm/domain';
import type { DbOrTx } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { getSecuritySettings } from './service.ts';

/**
 * The password policy of the security settings: a minimum length, and no password of a list of common
 * leaked ones (`breached-passwords.txt`, read once on first use; compared lower-cased).
 */

const listFile = fileURLToPath(new URL('./breached-passwords.txt', import.meta.url));
let breached: ReadonlySet<string> | undefined;

export const breachedPasswords = (): ReadonlySet<string> => {
  breached ??= new Set(
    fs
      .readFileSync(listFile, 'utf8')
      .split('\n')
      .map((line) => line.replace(/\r$/, ''))
      .filter((line) => line.length > 0 && !line.startsWith('# '))
      .map((line) => line.toLowerCase()),
  );
  return breached;
};

export const isBreachedPassword = (password: string) => breachedPasswords().has(password.toLowerCase());

/** Throws a 400 naming the rule the password breaks. */
export const assertPasswordAllowed = async (db: DbOrTx, password: string) => {
  const settings = await getSecuritySettings(db);
  if ([...password].length < settings.passwordMinLength)
    throw badRequest(securityMessages.passwordTooShort(settings.passwordMinLength));
  if (settings.checkBreachedPasswords && isBreachedPassword(password))
    throw badRequest(securityMessages.passwordBreached);
};
