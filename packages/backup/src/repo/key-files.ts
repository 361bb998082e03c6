import { randomBytes } from 'node:crypto';
import type { Backend } from '../backend/backend.ts';
import {
  defaultScryptParams,
  fileIdOf,
  KEY_LENGTH,
  keyFingerprint,
  passwordKek,
  type ScryptParams,
  unwrapKey,
  wrapKey,
} from '../crypto/keys.ts';
import { StrataError } from '../errors.ts';

/**
 * keys/<id>: the master key wrapped (AES-256-KW) under one key-encryption key. A repository has one key file per
 * way in: the device's KEK, the organization's restore key, a password. Any one of them opens it.
 */
export type KeyFile = {
  version: 1;
  kind: 'kek' | 'organization' | 'password';
  createdAt: string;
  label?: string;
  /** Fingerprint of the KEK (kek, organization): opening tries only the matching file. */
  fingerprint?: string;
  organizationId?: string;
  scrypt?: ScryptParams;
  algorithm: 'aes-256-kw';
  wrappedKey: string;
};

/** The file an authorised technician downloads to restore without the server. */
export type OrganizationKey = {
  type: 'strata-organization-key';
  version: 1;
  organizationId: string;
  fingerprint: string;
  /** base64 of the 256-bit key. */
  key: string;
};

/** How to open a repository: with the device's KEK, the organization's restore key, or a password. */
export type KeySource = { kek: Buffer } | { organizationKey: OrganizationKey } | { password: string };

export const newOrganizationKey = (organizationId: string): OrganizationKey => {
  const key = randomBytes(KEY_LENGTH);
  return {
    type: 'strata-organization-key',
    version: 1,
    organizationId,
    fingerprint: keyFingerprint(key),
    key: key.toString('base64'),
  };
};

export const serializeOrganizationKey = (key: OrganizationKey): string => `${JSON.stringify(key, null, 2)}\n`;

export const parseOrganizationKey = (text: string): OrganizationKey => {
  let parsed: Partial<OrganizationKey>;
  try {
    parsed = JSON.parse(text) as Partial<OrganizationKey>;
  } catch (error) {
    throw new StrataError('INVALID_ARGUMENT', 'The organization key file is not JSON.', { cause: error });
  }
  const key = Buffer.from(parsed.key ?? '', 'base64');
  if (parsed.type !== 'strata-organization-key' || key.length !== KEY_LENGTH) {
    throw new StrataError('INVALID_ARGUMENT', 'This is not a strata organization key file.');
  }
  return { ...(parsed as OrganizationKey), fingerprint: keyFingerprint(key) };
};

const organizationKek = (key: OrganizationKey) => Buffer.from(key.key, 'base64');

/** Wraps the master key for one key source; the result is written as keys/<sha256>. */
export const makeKeyFile = async (
  masterKey: Buffer,
  source: KeySource,
  now: Date,
  label?: string,
): Promise<{ name: string; bytes: Buffer }> => {
  let file: KeyFile;
  const base = { version: 1 as const, createdAt: now.toISOString(), algorithm: 'aes-256-kw' as const, label };
  if ('kek' in source) {
    file = {
      ...base,
      kind: 'kek',
      fingerprint: keyFingerprint(source.kek),
      wrappedKey: wrap(source.kek, masterKey),
    };
  } else if ('organizationKey' in source) {
    const kek = organizationKek(source.organizationKey);
    file = {
      ...base,
      kind: 'organization',
      organizationId: source.organizationKey.organizationId,
      fingerprint: keyFingerprint(kek),
      wrappedKey: wrap(kek, masterKey),
    };
  } else {
    const scrypt = defaultScryptParams();
    file = {
      ...base,
      kind: 'password',
      scrypt,
      wrappedKey: wrap(await passwordKek(source.password, scrypt), masterKey),
    };
  }
  const bytes = Buffer.from(`${JSON.stringify(file)}\n`);
  return { name: fileIdOf(bytes), bytes };
};

const wrap = (kek: Buffer, masterKey: Buffer) => wrapKey(kek, masterKey).toString('base64');

/** Finds the key file this source opens and unwraps the master key; WRONG_KEY when none does. */
export const unlockMasterKey = async (
  backend: Backend,
  source: KeySource,
): Promise<{ masterKey: Buffer; keyName: string }> => {
  const names = (await backend.list('keys')).map((f) => f.name);
  if (names.length === 0)
    throw new StrataError('NO_KEY', `${backend.location}: the repository has no key files`);
  const kek =
    'kek' in source
      ? source.kek
      : 'organizationKey' in source
        ? organizationKek(source.organizationKey)
        : null;
  const fingerprint = kek ? keyFingerprint(kek) : null;
  for (const name of names) {
    const file = JSON.parse((await backend.read('keys', name)).toString('utf8')) as KeyFile;
    const wrapped = Buffer.from(file.wrappedKey, 'base64');
    if (kek && file.fingerprint === fingerprint) return { masterKey: unwrapKey(kek, wrapped), keyName: name };
    if ('password' in source && file.kind === 'password' && file.scrypt) {
      const passwordKey = await passwordKek(source.password, file.scrypt);
      try {
        return { masterKey: unwrapKey(passwordKey, wrapped), keyName: name };
      } catch {
        // another password's file: try the next
      }
    }
  }
  throw new StrataError('WRONG_KEY', 'The key does not open this repository.');
};
