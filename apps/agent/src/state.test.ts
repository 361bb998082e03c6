import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Identity, identityPath, loadIdentity, saveIdentity } from './state.ts';

const tempDir = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-state-')), 'nested', 'state');

const createIdentity = (overrides: Partial<Identity> = {}): Identity => ({
  serverUrl: 'https://rmm.example.com',
  deviceId: 42,
  deviceSecret: 'a'.repeat(43),
  organizationId: 7,
  enrolledAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

describe('the identity file', () => {
  it('is absent before enrolment', () => {
    expect(loadIdentity(tempDir())).toBeUndefined();
  });

  it('is written with mode 0600 in a 0700 folder and read back', () => {
    const dir = tempDir();
    saveIdentity(dir, createIdentity());
    expect(fs.statSync(identityPath(dir)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(loadIdentity(dir)).toEqual(createIdentity());
    expect(fs.readdirSync(dir)).toEqual(['identity.json']);
  });

  it('is made private again when someone loosened its mode', () => {
    const dir = tempDir();
    saveIdentity(dir, createIdentity());
    fs.chmodSync(identityPath(dir), 0o644);
    loadIdentity(dir);
    expect(fs.statSync(identityPath(dir)).mode & 0o777).toBe(0o600);
  });

  it('refuses a damaged file with a clear message instead of enrolling again', () => {
    const dir = tempDir();
    saveIdentity(dir, createIdentity());
    fs.writeFileSync(identityPath(dir), JSON.stringify({ deviceId: 'x' }));
    expect(() => loadIdentity(dir)).toThrow(/is damaged: remove it and enrol again/);
  });
});
