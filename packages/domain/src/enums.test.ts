import { describe, expect, it } from 'vitest';
import {
  ApprovalStatus,
  approvalLabels,
  conditionTypeFromId,
  conditionTypeId,
  conditionTypes,
  DeploymentMode,
  defaultRemoteInstallSetting,
  deviceConditionTypeIds,
  isNetworkConditionType,
  MfaType,
  mfaTypeLabels,
  networkConditionTypeIds,
  RemoteInstallSetting,
  RunAs,
  RunAsOption,
} from './enums.ts';

describe('enumerations', () => {
  it('has the MFA types, run-as options and deployment modes', () => {
    expect(MfaType.options).toEqual(['U2F_TOKEN', 'TOTP', 'SMS_OTP', 'DUO']);
    expect(Object.values(mfaTypeLabels)).toEqual(['U2F token', 'TOTP', 'SMS OTP', 'Duo']);
    expect(RunAsOption.options).toEqual([
      'SYSTEM',
      'LOGGED_ON_USER',
      'PREFERRED_WINDOWS_LOCAL_ADMIN',
      'PREFERRED_WINDOWS_DOMAIN_ADMIN',
      'PREFERRED_MAC_CREDENTIAL',
      'PREFERRED_LINUX_CREDENTIAL',
    ]);
    expect(DeploymentMode.options).toEqual(['CLOUD', 'LOCAL', 'HYBRID']);
  });

  it('takes an organization credential or a trimmed custom run-as', () => {
    expect(RunAs.parse({ kind: 'custom', value: '  svc-admin ' })).toEqual({
      kind: 'custom',
      value: 'svc-admin',
    });
    expect(RunAs.parse({ kind: 'organizationCredential', credentialId: 3 })).toEqual({
      kind: 'organizationCredential',
      credentialId: 3,
    });
    expect(RunAs.safeParse({ kind: 'custom', value: '   ' }).success).toBe(false);
  });

  it('defaults the remote-install setting to disabled with expirationTTL 240', () => {
    expect(defaultRemoteInstallSetting()).toEqual({
      enabled: false,
      expirationTTL: 240,
      connections: { windows: true, mac: true },
      installMessage: '',
    });
    expect(RemoteInstallSetting.parse(defaultRemoteInstallSetting())).toEqual(defaultRemoteInstallSetting());
  });

  it('labels approvals Discovered, Pending, Approved, Rejected', () => {
    expect(ApprovalStatus.options).toEqual(['DISCOVERED', 'PENDING', 'APPROVED', 'REJECTED']);
    expect(approvalLabels).toEqual({
      DISCOVERED: 'Discovered',
      PENDING: 'Pending',
      APPROVED: 'Approved',
      REJECTED: 'Rejected',
    });
  });
});

describe('condition types', () => {
  it('has fixed ids: devices 1-18, network management from 101', () => {
    expect(deviceConditionTypeIds).toEqual({
      CPU: 1,
      MEMORY: 2,
      DISK: 3,
      PROCESS: 4,
      SERVICE: 5,
      REBOOT: 6,
      EVENT_LOG: 7,
      SOFTWARE: 8,
      RAID: 9,
      TEMPERATURE: 10,
      BITLOCKER: 11,
      FILEVAULT: 12,
      PATCH: 13,
      BATTERY: 14,
      ANTIVIRUS: 15,
      BACKUP_JOB: 16,
      DEVICE_DOWN: 17,
      SCRIPT_RESULT: 18,
    });
    expect(networkConditionTypeIds).toEqual({
      PING: 101,
      TRAFFIC: 102,
      HTTP: 103,
      PORTS: 104,
      SYSLOG: 105,
      SNMP_TRAP: 106,
      SNMP_VALUE: 107,
    });
  });

  it('has unique ids that map back to their type', () => {
    const ids = conditionTypes.map(conditionTypeId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const type of conditionTypes) expect(conditionTypeFromId(conditionTypeId(type))).toBe(type);
    expect(conditionTypeFromId(99)).toBeUndefined();
    expect(isNetworkConditionType('SYSLOG')).toBe(true);
    expect(isNetworkConditionType('CPU')).toBe(false);
  });
});
