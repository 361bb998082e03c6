import { describe, expect, it } from 'vitest';
import { AgentMessage, ServerMessage } from './agent-protocol.ts';
import { CreateSearchRequest, ExecuteActionRequest, UpdateSearchRequest } from './device-searches.ts';

const criteria = { match: 'all', rules: [] } as const;

describe('saved search requests', () => {
  it('defaults the group to CUSTOM on create, never on update', () => {
    expect(CreateSearchRequest.parse({ search: 'A', criteria }).searchGroup).toBe('CUSTOM');
    expect(UpdateSearchRequest.parse({ search: 'B' })).toEqual({ search: 'B' });
  });

  it('takes customFields only as the text of a JSON object', () => {
    expect(CreateSearchRequest.safeParse({ search: 'A', criteria, customFields: '{"a":1}' }).success).toBe(
      true,
    );
    for (const customFields of ['[1]', 'nope', '"text"', 'null'])
      expect(
        CreateSearchRequest.safeParse({ search: 'A', criteria, customFields }).success,
        customFields,
      ).toBe(false);
  });
});

describe('execute-action body', () => {
  it('takes one of searchId, criteria or nodeIds as the target', () => {
    for (const target of [{ searchId: -1 }, { criteria }, { nodeIds: [1, 2] }])
      expect(ExecuteActionRequest.safeParse({ action: 'DELETE', target }).success).toBe(true);
    expect(ExecuteActionRequest.safeParse({ action: 'DELETE', target: { nodeIds: [] } }).success).toBe(false);
    expect(
      ExecuteActionRequest.safeParse({ action: 'DELETE', target: { searchId: 1, nodeIds: [1] } }).success,
    ).toBe(false);
    expect(ExecuteActionRequest.safeParse({ action: 'ARCHIVE', target: { searchId: 1 } }).success).toBe(
      false,
    );
  });

  it('needs a locationId to move', () => {
    const move = { action: 'MOVE_TO_LOCATION', target: { nodeIds: [1] } };
    expect(ExecuteActionRequest.safeParse(move).success).toBe(false);
    expect(ExecuteActionRequest.safeParse({ ...move, locationId: 3 }).success).toBe(true);
  });
});

describe('Wake-on-LAN messages', () => {
  it('server wakeOnLan carries MACs; the agent answers wakeOnLanResult', () => {
    expect(
      ServerMessage.safeParse({ v: 1, type: 'wakeOnLan', macs: ['aa:bb:cc:dd:ee:ff'], requestId: 'r' })
        .success,
    ).toBe(true);
    expect(ServerMessage.safeParse({ v: 1, type: 'wakeOnLan', macs: ['not-a-mac'] }).success).toBe(false);
    expect(
      AgentMessage.safeParse({
        v: 1,
        type: 'wakeOnLanResult',
        deviceId: 1,
        requestId: 'r',
        ok: false,
        error: 'x',
      }).success,
    ).toBe(true);
  });
});
