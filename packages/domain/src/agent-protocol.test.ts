import { describe, expect, it } from 'vitest';
import { AgentMessage, ServerMessage } from './agent-protocol.ts';
import { builtInNodeRoles, defaultNodeRoleId, nodeClasses } from './devices.ts';

const heartbeat = {
  v: 1,
  type: 'heartbeat',
  deviceId: 4,
  sentAt: '2030-01-01T00:00:00.000Z',
  metrics: { cpuPercent: 1, memoryPercent: 2, diskPercent: 3 },
};

describe('the agent protocol', () => {
  it('accepts fields a newer agent adds, and drops them', () => {
    const parsed = AgentMessage.parse({
      ...heartbeat,
      gpuPercent: 50,
      metrics: { ...heartbeat.metrics, fans: 2 },
    });
    expect(parsed).toEqual(heartbeat);
  });

  it('refuses an unknown type, another version and a mistyped field', () => {
    expect(AgentMessage.safeParse({ ...heartbeat, type: 'reboot' }).success).toBe(false);
    expect(AgentMessage.safeParse({ ...heartbeat, v: 2 }).success).toBe(false);
    expect(AgentMessage.safeParse({ ...heartbeat, deviceId: '4' }).success).toBe(false);
  });

  it('lets an older agent tell server messages it knows from ones it does not', () => {
    expect(ServerMessage.safeParse({ v: 1, type: 'inventoryRequest', extra: true }).success).toBe(true);
    expect(ServerMessage.safeParse({ v: 1, type: 'runJob' }).success).toBe(false);
  });
});

describe('node roles', () => {
  it('has one built-in role per node class, with unique ids', () => {
    expect(builtInNodeRoles.map((r) => r.nodeClass)).toEqual([...nodeClasses]);
    expect(new Set(builtInNodeRoles.map((r) => r.id)).size).toBe(builtInNodeRoles.length);
    expect(defaultNodeRoleId('WINDOWS_SERVER')).toBe(1);
  });
});
