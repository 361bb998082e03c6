import fs from 'node:fs';
import os from 'node:os';
import {
  type AgentInstallIssue,
  type AgentPlatform,
  type DeviceInventory,
  DeviceInventory as InventorySchema,
} from '@rmm/domain';
import si from 'systeminformation';
import { bootTime } from './boot-time.ts';
import { nodeClassFor } from './node-class.ts';
import { detectPendingReboot } from './pending-reboot.ts';
import { collectSoftware } from './software/index.ts';
import { clip, nonNegative } from './text.ts';

type Facts = Awaited<ReturnType<typeof collectFacts>>;

export const agentPlatformOf = (platform: NodeJS.Platform): AgentPlatform =>
  platform === 'linux' || platform === 'win32' || platform === 'darwin' ? platform : 'other';

/** A collector that fails leaves its part empty instead of failing the whole inventory. */
const safe = <T>(promise: Promise<T>, fallback: T) => promise.catch(() => fallback);

/** Like `safe`, and a failure is an install issue of the agent's (the preset "Install issues"). */
const reported = <T>(
  promise: Promise<T>,
  fallback: T,
  issue: AgentInstallIssue,
  issues: Set<AgentInstallIssue>,
) =>
  promise.catch(() => {
    issues.add(issue);
    return fallback;
  });

/** The collectors of an inventory; tests replace one to see its failure reported. */
export type InventoryCollectors = {
  software: typeof collectSoftware;
  pendingReboot: typeof detectPendingReboot;
  /** The folder the agent keeps its identity, journal and held results in (checked for writing). */
  stateDir?: string;
};

export const defaultInventoryCollectors: InventoryCollectors = {
  software: collectSoftware,
  pendingReboot: detectPendingReboot,
};

const checkWritable = async (dir: string) => {
  await fs.promises.access(dir, fs.constants.W_OK);
};

const collectFacts = async () => {
  const [osInfo, system, cpu, memory, volumes, disks, blocks, nics, users, chassis] = await Promise.all([
    safe(si.osInfo(), undefined),
    safe(si.system(), undefined),
    safe(si.cpu(), undefined),
    safe(si.mem(), undefined),
    safe(si.fsSize(), []),
    safe(si.diskLayout(), []),
    safe(si.blockDevices(), []),
    safe(si.networkInterfaces(), []),
    safe(si.users(), []),
    safe(si.chassis(), undefined),
  ]);
  return {
    osInfo,
    system,
    cpu,
    memory,
    volumes,
    disks,
    blocks,
    nics: Array.isArray(nics) ? nics : [nics],
    users,
    chassis,
  };
};

const disksOf = (facts: Facts): DeviceInventory['disks'] =>
  facts.disks.length
    ? facts.disks.map((d) => ({
        name: clip(d.name || d.device),
        model: clip(d.name),
        vendor: clip(d.vendor),
        mediaType: clip(d.type, 100),
        sizeBytes: nonNegative(d.size),
        serial: clip(d.serialNum),
      }))
    : // Virtual machines often report no disk layout: fall back to the kernel's block devices.
      facts.blocks
        .filter((b) => b.type === 'disk' && b.size > 0)
        .map((b) => ({
          name: clip(b.name),
          model: clip(b.model),
          vendor: '',
          mediaType: clip(b.physical, 100),
          sizeBytes: nonNegative(b.size),
          serial: clip(b.serial),
        }));

const networkOf = (facts: Facts): DeviceInventory['networkInterfaces'] =>
  facts.nics.slice(0, 256).map((n) => ({
    name: clip(n.iface),
    mac: clip(n.mac, 64),
    ipv4: n.ip4 ? [clip(n.ip4, 64)] : [],
    ipv4Netmasks: n.ip4 && n.ip4subnet ? [clip(n.ip4subnet, 64)] : [],
    ipv6: n.ip6 ? [clip(n.ip6, 128)] : [],
    isVirtual: Boolean(n.virtual),
    isInternal: Boolean(n.internal),
    isDefault: Boolean(n.default),
  }));

const systemOf = (facts: Facts, platform: NodeJS.Platform) => {
  const hostname = clip(facts.osInfo?.hostname || os.hostname());
  return {
    hostname,
    fqdn: clip(facts.osInfo?.fqdn || hostname),
    os: {
      platform: agentPlatformOf(platform),
      name: clip(facts.osInfo?.distro || os.type()),
      version: clip(facts.osInfo?.release || os.release()),
      build: clip(facts.osInfo?.build),
      kernel: clip(facts.osInfo?.kernel || os.release()),
      arch: clip(facts.osInfo?.arch || os.arch(), 100),
    },
    system: {
      manufacturer: clip(facts.system?.manufacturer),
      model: clip(facts.system?.model),
      serial: clip(facts.system?.serial),
      isVirtual: Boolean(facts.system?.virtual),
    },
    cpu: {
      manufacturer: clip(facts.cpu?.manufacturer),
      brand: clip(facts.cpu?.brand),
      cores: Math.trunc(nonNegative(facts.cpu?.cores)),
      physicalCores: Math.trunc(nonNegative(facts.cpu?.physicalCores)),
      speedGhz: nonNegative(facts.cpu?.speed),
    },
    memory: { totalBytes: nonNegative(facts.memory?.total ?? os.totalmem()) },
  };
};

/** Everything the server shows about a device, from systeminformation and the platform's own tools. */
export const collectInventory = async (
  platform: NodeJS.Platform = process.platform,
  collectors: InventoryCollectors = defaultInventoryCollectors,
): Promise<DeviceInventory> => {
  const issues = new Set<AgentInstallIssue>();
  const [facts, software, pendingReboot] = await Promise.all([
    collectFacts(),
    reported(collectors.software(platform), [], 'SOFTWARE_INVENTORY_FAILED', issues),
    reported(collectors.pendingReboot(platform), false, 'PENDING_REBOOT_CHECK_FAILED', issues),
    collectors.stateDir
      ? reported(checkWritable(collectors.stateDir), undefined, 'STATE_DIR_NOT_WRITABLE', issues)
      : undefined,
  ]);
  if (!facts.osInfo) issues.add('SYSTEM_FACTS_FAILED');
  const base = systemOf(facts, platform);
  return InventorySchema.parse({
    collectedAt: new Date().toISOString(),
    ...base,
    disks: disksOf(facts).slice(0, 256),
    volumes: facts.volumes.slice(0, 1024).map((v) => ({
      mount: clip(v.mount, 1000),
      fsType: clip(v.type, 100),
      label: clip(v.fs),
      totalBytes: nonNegative(v.size),
      freeBytes: nonNegative(v.available),
    })),
    networkInterfaces: networkOf(facts),
    loggedOnUsers: [...new Set(facts.users.map((u) => clip(u.user, 256)))].filter(Boolean).slice(0, 256),
    lastBootTime: bootTime(platform),
    pendingReboot,
    software: software.slice(0, 50_000),
    nodeClass: nodeClassFor({ platform, osName: base.os.name, chassisType: facts.chassis?.type ?? '' }),
    installIssues: [...issues],
  });
};
