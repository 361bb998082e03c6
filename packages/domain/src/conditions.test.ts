import { describe, expect, it } from 'vitest';
import { AgentConditionReport, ServerConditionSet } from './agent-protocol.ts';
import { defaultHealthStatusSettings, deriveHealthStatus } from './alerts.ts';
import {
  Condition,
  checkObservation,
  conditionParameterSchemas,
  conditionSetText,
  conditionTypeFitsClass,
  conditionTypeInfo,
  conditionTypesForClass,
  softwareNameMatcher,
} from './conditions.ts';
import { conditionTypes } from './enums.ts';
import { effectiveConditionsOf, inheritableConditionIds, PolicyInput } from './policies.ts';

const id = '5b0c3c43-5a4c-4c4e-9a53-1d6f0c9a0b11';
const cpu = (parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'CPU',
  name: 'CPU above 90%',
  severity: 'MAJOR',
  priority: 'HIGH',
  reset: { mode: 'WHEN_CLEARED' },
  parameters,
  ...extra,
});
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe('conditions', () => {
  it('lists every condition type once, with a parameters schema', () => {
    expect(conditionTypeInfo.map((i) => i.type).sort()).toEqual([...conditionTypes].sort());
    expect(Object.keys(conditionParameterSchemas).sort()).toEqual([...conditionTypes].sort());
  });

  it('takes a CPU condition with defaults filled in', () => {
    const condition = Condition.parse(cpu({ thresholdPercent: 90, durationMinutes: 5 }));
    expect(condition).toMatchObject({
      enabled: true,
      notifications: [],
      ticketing: { mode: 'NONE' },
      automations: [],
      probeDeviceId: null,
      parameters: { operator: 'ABOVE', thresholdPercent: 90, durationMinutes: 5 },
    });
  });

  it('refuses a threshold outside its range and a unit that does not fit', () => {
    expect(Condition.safeParse(cpu({ thresholdPercent: 101, durationMinutes: 5 })).success).toBe(false);
    expect(Condition.safeParse(cpu({ thresholdPercent: 0, durationMinutes: 5 })).success).toBe(false);
    expect(Condition.safeParse(cpu({ thresholdBytes: 1e9, durationMinutes: 5 })).success).toBe(false);
    const disk = {
      ...cpu({}),
      type: 'DISK',
      parameters: { mode: 'BYTES_FREE', thresholdPercent: 10, durationMinutes: 5 },
    };
    expect(messages(Condition.safeParse(disk))).toContain('Enter a size of free space');
  });

  it('needs a probe for network conditions and refuses one elsewhere, and refuses unsupported types', () => {
    const ping = { ...cpu({}), type: 'PING', parameters: { host: 'example.org', durationMinutes: 2 } };
    expect(messages(Condition.safeParse(ping))).toContain('Choose the device that runs the probe');
    expect(Condition.safeParse({ ...ping, probeDeviceId: 3 }).success).toBe(true);
    expect(
      messages(Condition.safeParse(cpu({ thresholdPercent: 9, durationMinutes: 1 }, { probeDeviceId: 3 }))),
    ).toContain('Only network conditions run from a probe');
    const snmp = { ...cpu({}), type: 'SNMP_TRAP', parameters: {}, probeDeviceId: 3 };
    expect(messages(Condition.safeParse(snmp))).toContain('This condition type is not supported yet');
  });

  it('hashes a condition set whatever the order of conditions and keys', () => {
    const a = { key: 'a', type: 'CPU' as const, parameters: { x: 1, y: { b: 2, a: 1 } } };
    const b = { key: 'b', type: 'MEMORY' as const, parameters: { y: 2 } };
    const reordered = { key: 'a', type: 'CPU' as const, parameters: { y: { a: 1, b: 2 }, x: 1 } };
    expect(conditionSetText([a, b])).toBe(conditionSetText([b, reordered]));
  });

  it('carries condition sets and reports over the agent protocol', () => {
    expect(
      ServerConditionSet.parse({ v: 1, type: 'conditionSet', conditionSetHash: 'h', conditions: [] })
        .conditions,
    ).toEqual([]);
    const report = AgentConditionReport.parse({
      v: 1,
      type: 'conditionReport',
      deviceId: 1,
      reportId: id,
      conditionSetHash: 'h',
      observations: [{ key: id, triggered: true, value: 97.5, observedAt: '2026-11-26T10:00:00Z' }],
    });
    expect(report.observations[0]).toMatchObject({ instance: '', text: '' });
    expect(report.full).toBe(false);
  });
});

describe('condition types per device class', () => {
  it('offers what the class’s agent samples, offline and network types everywhere, nothing unavailable', () => {
    expect(conditionTypeFitsClass('BITLOCKER', 'WINDOWS_WORKSTATION')).toBe(true);
    expect(conditionTypeFitsClass('BITLOCKER', 'LINUX_SERVER')).toBe(false);
    expect(conditionTypeFitsClass('FILEVAULT', 'MAC')).toBe(true);
    expect(conditionTypeFitsClass('EVENT_LOG', 'MAC')).toBe(false);
    expect(conditionTypeFitsClass('CPU', 'NMS_SWITCH')).toBe(false);
    expect(conditionTypeFitsClass('DEVICE_DOWN', 'NMS_SWITCH')).toBe(true);
    expect(conditionTypeFitsClass('PING', 'NMS_SWITCH')).toBe(true);
    expect(conditionTypeFitsClass('TRAFFIC', 'NMS_SWITCH')).toBe(false);
    expect(conditionTypesForClass('LINUX_SERVER').map((t) => t.type)).not.toContain('FILEVAULT');
    expect(conditionTypesForClass('LINUX_SERVER')[0]?.type).toBe('DEVICE_DOWN');
  });
});

describe('policies', () => {
  it('refuses two conditions with one id and overrides without a parent', () => {
    const c = cpu({ thresholdPercent: 90, durationMinutes: 5 });
    expect(
      messages(PolicyInput.safeParse({ name: 'P', nodeClass: 'LINUX_SERVER', conditions: [c, c] })),
    ).toContain('Two conditions have one id');
    expect(
      messages(
        PolicyInput.safeParse({
          name: 'P',
          nodeClass: 'LINUX_SERVER',
          overrides: [{ kind: 'DEACTIVATE', conditionId: id }],
        }),
      ),
    ).toContain('Only a policy with a parent overrides conditions');
  });
});

describe('health status', () => {
  const settings = defaultHealthStatusSettings();
  it('is the worst status of the active alerts, unknown for a device never seen, unhealthy offline', () => {
    expect(deriveHealthStatus(settings, { everSeen: false, online: false, activeSeverities: [] })).toBe(
      'UNKNOWN',
    );
    expect(deriveHealthStatus(settings, { everSeen: true, online: true, activeSeverities: [] })).toBe(
      'HEALTHY',
    );
    expect(deriveHealthStatus(settings, { everSeen: true, online: true, activeSeverities: ['MINOR'] })).toBe(
      'NEEDS_ATTENTION',
    );
    expect(
      deriveHealthStatus(settings, { everSeen: true, online: true, activeSeverities: ['MINOR', 'CRITICAL'] }),
    ).toBe('UNHEALTHY');
    expect(deriveHealthStatus(settings, { everSeen: true, online: false, activeSeverities: [] })).toBe(
      'UNHEALTHY',
    );
    expect(
      deriveHealthStatus(
        { ...settings, offlineIsUnhealthy: false },
        { everSeen: true, online: false, activeSeverities: [] },
      ),
    ).toBe('HEALTHY');
  });
});

describe('policy inheritance', () => {
  const condition = (n: number, threshold = 90) =>
    Condition.parse(
      cpu(
        { thresholdPercent: threshold, durationMinutes: 5 },
        { id: `5b0c3c43-5a4c-4c4e-9a53-1d6f0c9a0b1${n}` },
      ),
    );
  it('inherits, overrides, deactivates, and reverting is dropping the override', () => {
    const root = { id: 1, name: 'Root', conditions: [condition(1), condition(2)], overrides: [] };
    const middle = {
      id: 2,
      name: 'Middle',
      conditions: [condition(3)],
      overrides: [{ kind: 'OVERRIDE' as const, condition: condition(1, 50) }],
    };
    const leaf = {
      id: 3,
      name: 'Leaf',
      conditions: [],
      overrides: [{ kind: 'DEACTIVATE' as const, conditionId: condition(2).id }],
    };
    const effective = effectiveConditionsOf([root, middle, leaf]);
    expect(
      effective.map((e) => [e.condition.id.slice(-1), e.origin, e.active, e.definedByPolicyName]),
    ).toEqual([
      ['1', 'INHERITED', true, 'Root'],
      ['2', 'OVERRIDDEN', false, 'Root'],
      ['3', 'INHERITED', true, 'Middle'],
    ]);
    expect(effective[0]?.condition.parameters).toMatchObject({ thresholdPercent: 50 });
    expect(effectiveConditionsOf([root, middle]).map((e) => e.origin)).toEqual([
      'OVERRIDDEN',
      'INHERITED',
      'OWN',
    ]);
    expect(effectiveConditionsOf([root, { ...leaf, overrides: [] }]).every((e) => e.active)).toBe(true);
    expect([...inheritableConditionIds([root, middle, leaf])].length).toBe(3);
  });
});

describe('observations the server evaluates', () => {
  const check = (type: string, parameters: Record<string, unknown>, instance: string, value: number | null) =>
    checkObservation({ type: type as never, parameters }, { instance, value });

  it('takes a value of the kind its type measures, or none', () => {
    expect(check('CPU', {}, '', 97.5)).toEqual({ ok: true, instance: '' });
    expect(check('CPU', {}, '', null)).toEqual({ ok: true, instance: '' });
    expect(check('CPU', {}, '', 250)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('0 to 100'),
    });
    expect(check('SOFTWARE', { name: 'x', trigger: 'INSTALLED' }, '', 1)).toMatchObject({ ok: false });
    expect(check('DISK', { mode: 'BYTES_FREE', volume: '*' }, '/', 5e9)).toEqual({ ok: true, instance: '/' });
    expect(check('PATCH', {}, '', 2.5)).toMatchObject({ ok: false });
  });

  it('keys an alert by the instance the type has: none, a volume or service, or the probed target', () => {
    expect(check('CPU', {}, 'C:', 10)).toMatchObject({ ok: false });
    expect(check('DISK', { mode: 'PERCENT_FREE', volume: '*' }, '', 5)).toMatchObject({ ok: false });
    expect(check('DISK', { mode: 'PERCENT_FREE', volume: 'C:' }, '', 5)).toEqual({
      ok: true,
      instance: 'C:',
    });
    expect(check('SERVICE', { name: 'sshd' }, 'SSHD', null)).toEqual({ ok: true, instance: 'sshd' });
    expect(check('SERVICE', { name: 'sshd' }, 'cron', null)).toMatchObject({ ok: false });
    expect(check('PING', { host: '10.0.0.1' }, '', 20)).toEqual({ ok: true, instance: '10.0.0.1' });
    expect(check('PORTS', { host: 'db', port: 5432 }, 'db:5432', null)).toEqual({
      ok: true,
      instance: 'db:5432',
    });
  });
});

describe('software names', () => {
  it('match by part of the name, or the whole name with *, in any case', () => {
    expect(softwareNameMatcher('chrome')('Google Chrome')).toBe(true);
    expect(softwareNameMatcher('7-zip*')('7-Zip 23.01 (x64)')).toBe(true);
    expect(softwareNameMatcher('7-Zip*')('Old 7-Zip')).toBe(false);
    expect(softwareNameMatcher('*Office*')('Microsoft Office 365')).toBe(true);
    expect(softwareNameMatcher('a.b*')('axb')).toBe(false);
  });
});
