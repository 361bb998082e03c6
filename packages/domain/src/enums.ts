import * as z from 'zod';
import { approvalStatuses } from './approval.ts';
import { DEFAULT_EXPIRATION_TTL } from './constants.ts';
import { RequiredText } from './validators.ts';

/** Spec §3 "other lists and enumerations" and §4 approval labels. */

export const mfaTypes = ['U2F_TOKEN', 'TOTP', 'SMS_OTP', 'DUO'] as const;
export const MfaType = /* @__PURE__ */ z.enum(mfaTypes);
export type MfaType = z.infer<typeof MfaType>;
export const mfaTypeLabels: Readonly<Record<MfaType, string>> = {
  U2F_TOKEN: 'U2F token',
  TOTP: 'TOTP',
  SMS_OTP: 'SMS OTP',
  DUO: 'Duo',
};

export const runAsOptions = [
  'SYSTEM',
  'LOGGED_ON_USER',
  'PREFERRED_WINDOWS_LOCAL_ADMIN',
  'PREFERRED_WINDOWS_DOMAIN_ADMIN',
  'PREFERRED_MAC_CREDENTIAL',
  'PREFERRED_LINUX_CREDENTIAL',
] as const;
export const RunAsOption = /* @__PURE__ */ z.enum(runAsOptions);
export type RunAsOption = z.infer<typeof RunAsOption>;
export const runAsOptionLabels: Readonly<Record<RunAsOption, string>> = {
  SYSTEM: 'System',
  LOGGED_ON_USER: 'Logged-on user',
  PREFERRED_WINDOWS_LOCAL_ADMIN: 'Preferred Windows local admin',
  PREFERRED_WINDOWS_DOMAIN_ADMIN: 'Preferred Windows domain admin',
  PREFERRED_MAC_CREDENTIAL: 'Preferred Mac credential',
  PREFERRED_LINUX_CREDENTIAL: 'Preferred Linux credential',
};

/** One of the built-in options, an organization credential, or a custom (trimmed) run-as. */
export const RunAs = /* @__PURE__ */ z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('option'), option: RunAsOption }),
  z.object({ kind: z.literal('organizationCredential'), credentialId: z.number().int().positive() }),
  z.object({ kind: z.literal('custom'), value: RequiredText }),
]);
export type RunAs = z.infer<typeof RunAs>;

export const deploymentModes = ['CLOUD', 'LOCAL', 'HYBRID'] as const;
export const DeploymentMode = /* @__PURE__ */ z.enum(deploymentModes);
export type DeploymentMode = z.infer<typeof DeploymentMode>;

/** Antivirus or remote-install setting; connections says which platforms may install. */
export const RemoteInstallSetting = /* @__PURE__ */ z.object({
  enabled: z.boolean(),
  expirationTTL: z.number().int().positive(),
  connections: z.object({ windows: z.boolean(), mac: z.boolean() }),
  installMessage: z.string(),
});
export type RemoteInstallSetting = z.infer<typeof RemoteInstallSetting>;

export const defaultRemoteInstallSetting = (): RemoteInstallSetting => ({
  enabled: false,
  expirationTTL: DEFAULT_EXPIRATION_TTL,
  connections: { windows: true, mac: true },
  installMessage: '',
});

export { approvalLabels, approvalStatuses } from './approval.ts';
export const ApprovalStatus = /* @__PURE__ */ z.enum(approvalStatuses);
export type ApprovalStatus = z.infer<typeof ApprovalStatus>;

/** Device condition types with fixed ids 1-99 (decided; the spec hides them). */
export const deviceConditionTypeIds = {
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
} as const;
export type DeviceConditionType = keyof typeof deviceConditionTypeIds;

/** Network-management condition types with fixed ids from 101, so one id column holds both kinds. */
export const networkConditionTypeIds = {
  PING: 101,
  TRAFFIC: 102,
  HTTP: 103,
  PORTS: 104,
  SYSLOG: 105,
  SNMP_TRAP: 106,
  SNMP_VALUE: 107,
} as const;
export type NetworkConditionType = keyof typeof networkConditionTypeIds;
export type ConditionType = DeviceConditionType | NetworkConditionType;

const conditionTypeIds: Readonly<Record<ConditionType, number>> = {
  ...deviceConditionTypeIds,
  ...networkConditionTypeIds,
};
export const conditionTypes = Object.keys(conditionTypeIds) as [ConditionType, ...ConditionType[]];
export const ConditionTypeName = /* @__PURE__ */ z.enum(conditionTypes);

export const conditionTypeId = (type: ConditionType): number => conditionTypeIds[type];

/** The condition type of an id, or undefined for an unknown id. */
export const conditionTypeFromId = (id: number): ConditionType | undefined =>
  conditionTypes.find((type) => conditionTypeIds[type] === id);

export const isNetworkConditionType = (type: ConditionType): type is NetworkConditionType =>
  Object.hasOwn(networkConditionTypeIds, type);
