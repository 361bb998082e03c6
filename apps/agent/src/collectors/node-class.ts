import type { NodeClass } from '@rmm/domain';

/** SMBIOS chassis types of machines a person sits at; anything else on Linux is taken for a server. */
const workstationChassis = new Set([
  'desktop',
  'low profile desktop',
  'pizza box',
  'mini tower',
  'portable',
  'laptop',
  'notebook',
  'hand held',
  'sub notebook',
  'all in one',
  'tablet',
  'convertible',
  'detachable',
  'mini pc',
  'stick pc',
]);

export type NodeClassFacts = { platform: NodeJS.Platform; osName: string; chassisType: string };

export const nodeClassFor = ({ platform, osName, chassisType }: NodeClassFacts): NodeClass => {
  const isServerOs = /server/i.test(osName);
  if (platform === 'win32') return isServerOs ? 'WINDOWS_SERVER' : 'WINDOWS_WORKSTATION';
  if (platform === 'darwin') return isServerOs ? 'MAC_SERVER' : 'MAC';
  if (isServerOs) return 'LINUX_SERVER';
  return workstationChassis.has(chassisType.trim().toLowerCase()) ? 'LINUX_WORKSTATION' : 'LINUX_SERVER';
};
