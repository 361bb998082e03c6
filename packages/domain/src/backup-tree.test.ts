import { describe, expect, it } from 'vitest';
import {
  AgentBackupTreeResult,
  AgentMessage,
  ServerBackupTreeRequest,
  ServerMessage,
} from './agent-protocol.ts';
import {
  BACKUP_TREE_MAX_LIMIT,
  BackupTreeQuery,
  backupErrorCodes,
  backupErrorMessages,
  backupTreeDeviceFailed,
  backupTreePage,
} from './backup-data.ts';

// The file browser over a revision: the HTTP query, the page both readers answer, and the agent messages that
// carry a local-only revision's folders (docs/decisions.md, "Backup", File browser).

const request = {
  v: 1,
  type: 'backupTreeRequest',
  requestId: '0b7f3f0e-7c1c-4a39-9a51-0d1f4f1a2b3c',
  planId: '4a0e2d6c-1b1f-4c51-8d2e-7f6a5b4c3d2e',
  revisionId: 'ab12cd34',
  path: '/home/ann',
  offset: 0,
  limit: 500,
};
const source = {
  organizationId: 3,
  repository: { repositoryId: '9b2e4f6a-8c0d-4e1f-a2b3-c4d5e6f7a8b9', type: 'LOCAL', path: '/backups' },
  masterKey: Buffer.alloc(32, 1).toString('base64'),
};
const entry = { name: 'notes.txt', type: 'file', size: 12, mtime: '2030-01-01T00:00:00.000Z' };

describe('the tree query', () => {
  it('pages from 0 by the largest page unless told, and refuses a page past the bound', () => {
    expect(BackupTreeQuery.parse({})).toEqual({ path: '', offset: 0, limit: BACKUP_TREE_MAX_LIMIT });
    expect(BackupTreeQuery.parse({ path: '/home', offset: '500', limit: '500' })).toEqual({
      path: '/home',
      offset: 500,
      limit: 500,
    });
    expect(BackupTreeQuery.safeParse({ limit: String(BACKUP_TREE_MAX_LIMIT + 1) }).success).toBe(false);
    expect(BackupTreeQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(BackupTreeQuery.safeParse({ offset: '-1' }).success).toBe(false);
  });
});

describe('a page of a folder', () => {
  const node = (name: string, type: string, size = 0, mtime = '1893456000000000000') => ({
    name,
    type,
    size,
    mtime,
  });

  it('lists folders first, then by name, with times as ISO text', () => {
    const page = backupTreePage(
      [node('b.txt', 'file', 5), node('Zeta', 'dir'), node('a.txt', 'file', 7), node('alpha', 'dir')],
      { offset: 0, limit: 10 },
    );
    expect(page).toEqual({
      total: 4,
      entries: [
        { name: 'alpha', type: 'dir', size: 0, mtime: '2030-01-01T00:00:00.000Z' },
        { name: 'Zeta', type: 'dir', size: 0, mtime: '2030-01-01T00:00:00.000Z' },
        { name: 'a.txt', type: 'file', size: 7, mtime: '2030-01-01T00:00:00.000Z' },
        { name: 'b.txt', type: 'file', size: 5, mtime: '2030-01-01T00:00:00.000Z' },
      ],
    });
  });

  it('cuts the page at offset and limit, and keeps the total of the folder', () => {
    const nodes = Array.from({ length: 2500 }, (_, i) => node(`f${String(i).padStart(4, '0')}`, 'file'));
    const second = backupTreePage(nodes, { offset: 1000, limit: 1000 });
    expect(second.total).toBe(2500);
    expect(second.entries).toHaveLength(1000);
    expect(second.entries[0]!.name).toBe('f1000');
    // a larger limit than the bound is held to it
    expect(backupTreePage(nodes, { offset: 0, limit: 5000 }).entries).toHaveLength(BACKUP_TREE_MAX_LIMIT);
    expect(backupTreePage(nodes, { offset: 2400, limit: 1000 }).entries).toHaveLength(100);
  });

  it('shows a type it does not know as other, and a time it cannot read as none', () => {
    expect(backupTreePage([node('dev', 'fifo', 0, 'soon')], { offset: 0, limit: 1 }).entries).toEqual([
      { name: 'dev', type: 'other', size: 0, mtime: null },
    ]);
  });
});

describe('the agent messages of the file browser', () => {
  it('carry the request without its source on the bus, and with it to the agent', () => {
    expect(ServerMessage.parse(request)).toEqual(request);
    expect(ServerMessage.parse({ ...request, source })).toEqual({ ...request, source });
    // an older agent tells it from the types it knows: it is one of the server's messages, nothing else
    expect(ServerBackupTreeRequest.safeParse({ ...request, type: 'treeRequest' }).success).toBe(false);
  });

  it('refuses a revision id that could be a path, a page past the bound and a request id that is not one token', () => {
    expect(ServerMessage.safeParse({ ...request, revisionId: '../config' }).success).toBe(false);
    expect(ServerMessage.safeParse({ ...request, limit: BACKUP_TREE_MAX_LIMIT + 1 }).success).toBe(false);
    expect(ServerMessage.safeParse({ ...request, requestId: 'agent.reply.*' }).success).toBe(false);
  });

  it('answer a page or the reason, and refuse more entries than a page holds', () => {
    const result = { v: 1, type: 'backupTreeResult', deviceId: 4, requestId: request.requestId };
    expect(AgentMessage.parse({ ...result, entries: [entry], total: 1 })).toEqual({
      ...result,
      entries: [entry],
      total: 1,
    });
    expect(AgentMessage.parse({ ...result, error: 'No such folder', code: 'PATH_NOT_FOUND' })).toMatchObject({
      error: 'No such folder',
      code: 'PATH_NOT_FOUND',
    });
    const tooMany = Array.from({ length: BACKUP_TREE_MAX_LIMIT + 1 }, () => entry);
    expect(AgentBackupTreeResult.safeParse({ ...result, entries: tooMany, total: 2000 }).success).toBe(false);
    expect(AgentBackupTreeResult.safeParse({ ...result, error: 'x'.repeat(1001) }).success).toBe(false);
  });
});

describe('the errors of browsing a device', () => {
  it('say the device is offline, did not answer, or why it could not list the folder', () => {
    expect(backupErrorCodes).toMatchObject({
      BACKUP_TREE_DEVICE_OFFLINE: 409,
      BACKUP_TREE_DEVICE_TIMEOUT: 504,
      BACKUP_TREE_DEVICE_FAILED: 502,
    });
    expect(backupErrorMessages.BACKUP_TREE_DEVICE_OFFLINE).toMatch(/^The device is offline\./);
    expect(backupTreeDeviceFailed('The disk is gone.')).toBe(
      'The device could not list the folder: The disk is gone.',
    );
  });
});
