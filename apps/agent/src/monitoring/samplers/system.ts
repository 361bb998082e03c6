import { type AgentCondition, softwareNameMatcher } from '@rmm/domain';
import { msOf } from '../settings.ts';
import { type Check, ConditionNotSampledError, type Reading, type SamplerContext } from '../types.ts';
import { powershellArgs } from './event-log.ts';
import { minutesMs, parametersOf } from './parameters.ts';

const DAY_MS = 86_400_000;

const commandTimeout = (context: SamplerContext) =>
  msOf(context.settings, context.settings.commandTimeoutSeconds);

const powershellJson = async (context: SamplerContext, script: string): Promise<unknown> => {
  const result = await context.sources.run('powershell.exe', powershellArgs(script), commandTimeout(context));
  if (result.code !== 0) throw new Error(`PowerShell exited with code ${result.code}`);
  const text = result.stdout.trim();
  return text ? JSON.parse(text) : null;
};

const listOf = <T>(value: unknown): T[] =>
  value === null ? [] : Array.isArray(value) ? value : [value as T];

// ---- REBOOT ----

/** A restart pending (collectors/pending-reboot.ts) for longer than pendingForMinutes; the start survives agent restarts. */
export const rebootCheck = (condition: AgentCondition, context: SamplerContext): Check => {
  const p = parametersOf(condition, 'REBOOT');
  return {
    intervalMs: msOf(context.settings, context.settings.intervals.reboot),
    durationMs: minutesMs(context.settings.secondMs, p.pendingForMinutes),
    sample: async () => {
      const isPending = await context.sources.pendingReboot();
      return [
        {
          instance: '',
          breached: isPending,
          value: isPending ? 1 : 0,
          text: isPending ? 'A restart is pending' : 'No restart is pending',
        },
      ];
    },
  };
};

// ---- SOFTWARE ----

/** The domain's SOFTWARE name rule (the policy dry run uses the same). */
export const softwareMatcher = softwareNameMatcher;

export const softwareCheck = (condition: AgentCondition, context: SamplerContext): Check => {
  const p = parametersOf(condition, 'SOFTWARE');
  const matches = softwareMatcher(p.name);
  return {
    intervalMs: msOf(context.settings, context.settings.intervals.software),
    durationMs: 0,
    sample: async () => {
      const found = [...new Set((await context.sources.software()).filter(matches))].sort();
      const isInstalled = found.length > 0;
      return [
        {
          instance: '',
          breached: p.trigger === 'INSTALLED' ? isInstalled : !isInstalled,
          value: found.length,
          text: isInstalled
            ? `Installed: ${found.slice(0, 10).join(', ')}${found.length > 10 ? ` and ${found.length - 10} more` : ''}`
            : `Nothing matching "${p.name}" is installed`,
        },
      ];
    },
  };
};

// ---- PATCH ----

export type PendingUpdates = { all: number; security: number; source: string };

/** `apt-get -s upgrade`: one "Inst" line a package; security ones come from a "-security" suite. */
export const parseAptSimulation = (stdout: string): PendingUpdates => {
  const lines = stdout.split('\n').filter((line) => line.startsWith('Inst '));
  return {
    all: lines.length,
    security: lines.filter((line) => /-security\b/i.test(line)).length,
    source: 'apt',
  };
};

/** `dnf -q check-update`: "name.arch  version  repository" lines until "Obsoleting Packages". */
export const parseDnfCheckUpdate = (stdout: string): number => {
  let count = 0;
  for (const line of stdout.split('\n')) {
    if (/^Obsoleting Packages/i.test(line)) break;
    if (/^\S+\.\S+\s+\S+\s+\S+\s*$/.test(line)) count++;
  }
  return count;
};

/** `softwareupdate -l`: "* Label: NAME" (older macOS: "   * NAME"). */
export const parseSoftwareUpdateList = (stdout: string): PendingUpdates => {
  const labels = stdout
    .split('\n')
    .map((line) => /^\s*\*\s+(?:Label:\s*)?(.+)$/.exec(line)?.[1]?.trim())
    .filter((label): label is string => Boolean(label));
  return {
    all: labels.length,
    security: labels.filter((label) => /security/i.test(label)).length,
    source: 'softwareupdate',
  };
};

export const WINDOWS_UPDATE_SCRIPT = [
  "$ErrorActionPreference = 'Stop'",
  '$searcher = (New-Object -ComObject Microsoft.Update.Session).CreateUpdateSearcher()',
  `$result = $searcher.Search("IsInstalled=0 and IsHidden=0 and Type='Software'")`,
  "$security = @($result.Updates | Where-Object { $_.MsrcSeverity -or @($_.Categories | Where-Object { $_.Name -eq 'Security Updates' }).Count -gt 0 }).Count",
  '@{ all = $result.Updates.Count; security = $security } | ConvertTo-Json -Compress',
].join('\n');

const pendingUpdates = async (context: SamplerContext): Promise<PendingUpdates> => {
  const timeout = commandTimeout(context);
  const { run } = context.sources;
  if (context.platform === 'win32') {
    const answer = (await powershellJson(context, WINDOWS_UPDATE_SCRIPT)) as {
      all: number;
      security: number;
    };
    return { all: Number(answer.all) || 0, security: Number(answer.security) || 0, source: 'Windows Update' };
  }
  if (context.platform === 'darwin')
    return parseSoftwareUpdateList((await run('softwareupdate', ['-l'], timeout)).stdout);
  try {
    const apt = await run('apt-get', ['-s', '-o', 'Debug::NoLocking=1', 'upgrade'], timeout);
    if (apt.code === 0) return parseAptSimulation(apt.stdout);
    throw new Error(`apt-get exited with code ${apt.code}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  for (const tool of ['dnf', 'yum']) {
    try {
      // check-update exits 100 when updates are pending, 0 when none.
      const all = await run(tool, ['-q', 'check-update'], timeout);
      if (all.code !== 0 && all.code !== 100) throw new Error(`${tool} exited with code ${all.code}`);
      const security = await run(tool, ['-q', '--security', 'check-update'], timeout);
      return {
        all: parseDnfCheckUpdate(all.stdout),
        security: security.code === 0 || security.code === 100 ? parseDnfCheckUpdate(security.stdout) : 0,
        source: tool,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new ConditionNotSampledError('no package manager the agent knows (apt, dnf, yum) is installed');
};

/** More pending updates than `maxPendingUpdates`; with `securityOnly` only security updates count. */
export const patchCheck = (condition: AgentCondition, context: SamplerContext): Check => {
  const p = parametersOf(condition, 'PATCH');
  return {
    intervalMs: msOf(context.settings, context.settings.intervals.patch),
    durationMs: 0,
    sample: async () => {
      const pending = await pendingUpdates(context);
      const counted = p.securityOnly ? pending.security : pending.all;
      return [
        {
          instance: '',
          breached: counted > p.maxPendingUpdates,
          value: counted,
          text: `${pending.all} update(s) pending, ${pending.security} of them security (${pending.source}); at most ${p.maxPendingUpdates}${p.securityOnly ? ' security' : ''} allowed`,
        },
      ];
    },
  };
};

// ---- ANTIVIRUS ----

export type AntivirusStatus = {
  product: string;
  isProtected: boolean;
  /** Days since the signatures were updated; null when the product does not say. */
  signatureAgeDays: number | null;
  isOutOfDate: boolean | null;
  /** Active threats; null when the product does not say. */
  threats: number | null;
};

export const WINDOWS_ANTIVIRUS_SCRIPT = [
  "$ErrorActionPreference = 'Stop'",
  'try {',
  '  $s = Get-MpComputerStatus',
  "  if ($s.AMRunningMode -and $s.AMRunningMode -ne 'Normal' -and $s.AMRunningMode -ne 'EDR Block Mode') { throw 'passive' }",
  '  $threats = @(Get-MpThreat -ErrorAction SilentlyContinue | Where-Object { $_.IsActive }).Count',
  "  @{ source = 'defender'; enabled = [bool]$s.AntivirusEnabled; realTime = [bool]$s.RealTimeProtectionEnabled; signatureAgeDays = [int]$s.AntivirusSignatureAge; threats = $threats } | ConvertTo-Json -Compress",
  '} catch {',
  '  $products = @(Get-CimInstance -Namespace root/SecurityCenter2 -ClassName AntiVirusProduct -ErrorAction SilentlyContinue | ForEach-Object { @{ name = $_.displayName; state = [int]$_.productState } })',
  "  @{ source = 'securityCenter'; products = $products } | ConvertTo-Json -Compress -Depth 3",
  '}',
].join('\n');

type WindowsAntivirusAnswer =
  | { source: 'defender'; enabled: boolean; realTime: boolean; signatureAgeDays: number; threats: number }
  | {
      source: 'securityCenter';
      products: { name: string; state: number }[] | { name: string; state: number };
    };

/**
 * Windows: Defender's own status when it is the active antivirus; otherwise the products registered with the
 * Security Center (workstations): productState's second byte 0x10 is "on", its third byte 0x00 "up to date".
 */
export const windowsAntivirusStatus = (
  answer: WindowsAntivirusAnswer,
  outOfDateDays: number,
): AntivirusStatus => {
  if (answer.source === 'defender')
    return {
      product: 'Microsoft Defender',
      isProtected: answer.enabled && answer.realTime,
      signatureAgeDays: answer.signatureAgeDays,
      isOutOfDate: answer.signatureAgeDays > outOfDateDays,
      threats: answer.threats,
    };
  const products = listOf<{ name: string; state: number }>(answer.products);
  const on = products.filter((product) => ((product.state >> 12) & 0xf) === 1);
  return {
    product: products.map((product) => product.name).join(', ') || 'none registered',
    isProtected: on.length > 0,
    signatureAgeDays: null,
    isOutOfDate: on.length > 0 ? on.every((product) => ((product.state >> 4) & 0xf) !== 0) : null,
    threats: null,
  };
};

const XPROTECT_BUNDLES = [
  '/Library/Apple/System/Library/CoreServices/XProtect.bundle',
  '/System/Library/CoreServices/XProtect.bundle',
];
const CLAMAV_DATABASES = ['daily.cld', 'daily.cvd', 'main.cld', 'main.cvd'].map(
  (name) => `/var/lib/clamav/${name}`,
);

/** Where the agent can tell honestly: Defender or the Security Center; XProtect on macOS; ClamAV on Linux. */
const antivirusStatus = async (context: SamplerContext, outOfDateDays: number): Promise<AntivirusStatus> => {
  const now = context.now().getTime();
  const ageDays = (modified: number | undefined) =>
    modified === undefined ? null : Math.floor((now - modified) / DAY_MS);
  if (context.platform === 'win32')
    return windowsAntivirusStatus(
      (await powershellJson(context, WINDOWS_ANTIVIRUS_SCRIPT)) as WindowsAntivirusAnswer,
      outOfDateDays,
    );
  if (context.platform === 'darwin') {
    const bundle = XPROTECT_BUNDLES.find((file) => context.sources.exists(file));
    const age = bundle ? ageDays(await context.sources.modifiedAt(`${bundle}/Contents/Info.plist`)) : null;
    return {
      product: 'XProtect',
      isProtected: bundle !== undefined,
      signatureAgeDays: age,
      isOutOfDate: age === null ? null : age > outOfDateDays,
      threats: null,
    };
  }
  const isRunning = (await context.sources.processNames()).includes('clamd');
  const times = await Promise.all(CLAMAV_DATABASES.map((file) => context.sources.modifiedAt(file)));
  const newest = times.filter((time): time is number => time !== undefined).sort((a, b) => b - a)[0];
  const age = ageDays(newest);
  return {
    product: 'ClamAV',
    isProtected: isRunning,
    signatureAgeDays: age,
    isOutOfDate: age === null ? true : age > outOfDateDays,
    threats: null,
  };
};

export const antivirusCheck = (condition: AgentCondition, context: SamplerContext): Check => {
  const p = parametersOf(condition, 'ANTIVIRUS');
  if (p.trigger === 'THREAT_FOUND' && context.platform !== 'win32')
    throw new ConditionNotSampledError(
      `the antivirus on ${context.platform} does not report the threats it found to the agent`,
    );
  return {
    intervalMs: msOf(context.settings, context.settings.intervals.antivirus),
    durationMs: 0,
    sample: async () => {
      const status = await antivirusStatus(context, p.outOfDateDays);
      const age =
        status.signatureAgeDays === null ? '' : `, signatures ${status.signatureAgeDays} day(s) old`;
      const text = `${status.product}: ${status.isProtected ? 'protecting' : 'not protecting'}${age}${
        status.threats === null ? '' : `, ${status.threats} active threat(s)`
      }`;
      if (p.trigger === 'NOT_PROTECTED')
        return [{ instance: '', breached: !status.isProtected, value: status.isProtected ? 1 : 0, text }];
      if (p.trigger === 'OUT_OF_DATE')
        return status.isOutOfDate === null
          ? []
          : [{ instance: '', breached: status.isOutOfDate, value: status.signatureAgeDays, text }];
      return status.threats === null
        ? []
        : [{ instance: '', breached: status.threats > 0, value: status.threats, text }];
    },
  };
};

// ---- RAID ----

export type RaidArray = { name: string; isDegraded: boolean; detail: string };

/**
 * /proc/mdstat: "md0 : active raid1 sdb1[1] sda1[0](F)" then a status line "[2/1] [U_]": degraded when a
 * member is missing (`_`) or failed (`(F)`), or the array is inactive.
 */
export const parseMdstat = (text: string): RaidArray[] => {
  const arrays: RaidArray[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const head = /^(md\S*)\s*:\s*(\S+)\s*(.*)$/.exec(line);
    if (!head) return;
    const [, name, state, rest] = head;
    const status = lines[index + 1] ?? '';
    const members = /\[([U_]+)\]/.exec(status)?.[1] ?? '';
    const isDegraded = state !== 'active' || members.includes('_') || /\(F\)/.test(rest ?? '');
    arrays.push({ name: name!, isDegraded, detail: `${name} ${state}${members ? ` [${members}]` : ''}` });
  });
  return arrays;
};

export const WINDOWS_RAID_SCRIPT =
  "Get-VirtualDisk | Select-Object FriendlyName, @{n='Health';e={[string]$_.HealthStatus}}, @{n='Operational';e={[string]$_.OperationalStatus}} | ConvertTo-Json -Compress";

const raidArrays = async (context: SamplerContext): Promise<RaidArray[]> => {
  if (context.platform === 'win32')
    return listOf<{ FriendlyName: string; Health: string; Operational: string }>(
      await powershellJson(context, WINDOWS_RAID_SCRIPT),
    ).map((disk) => ({
      name: disk.FriendlyName,
      isDegraded: !['Healthy', '0'].includes(disk.Health),
      detail: `${disk.FriendlyName} ${disk.Health} (${disk.Operational})`,
    }));
  const text = await context.sources.readFile('/proc/mdstat');
  if (text === undefined) throw new ConditionNotSampledError('/proc/mdstat cannot be read');
  return parseMdstat(text);
};

export const raidCheck = (condition: AgentCondition, context: SamplerContext): Check => {
  parametersOf(condition, 'RAID');
  return {
    intervalMs: msOf(context.settings, context.settings.intervals.hardware),
    durationMs: 0,
    sample: async () => {
      const arrays = await raidArrays(context);
      const degraded = arrays.filter((array) => array.isDegraded);
      return [
        {
          instance: '',
          breached: degraded.length > 0,
          value: degraded.length,
          text: arrays.length ? arrays.map((array) => array.detail).join('; ') : 'No RAID array',
        },
      ];
    },
  };
};

// ---- BITLOCKER, FILEVAULT ----

export const BITLOCKER_SCRIPT =
  "Get-BitLockerVolume | Select-Object MountPoint, @{n='Type';e={[string]$_.VolumeType}}, @{n='Protection';e={[string]$_.ProtectionStatus}}, @{n='Status';e={[string]$_.VolumeStatus}} | ConvertTo-Json -Compress";

type BitLockerVolume = { MountPoint: string; Type: string; Protection: string; Status: string };

/** Each fixed volume (`*`: the system's and data volumes, not removable ones) is its own instance. */
export const bitlockerReadings = (volumes: BitLockerVolume[], wanted: string): Reading[] =>
  volumes
    .filter((volume) =>
      wanted === '*'
        ? !['Removable', '2'].includes(volume.Type)
        : volume.MountPoint.replace(/[\\/:]+$/, '').toUpperCase() ===
          wanted.replace(/[\\/:]+$/, '').toUpperCase(),
    )
    .map((volume) => {
      const isOn = volume.Protection === 'On' || volume.Protection === '1';
      return {
        instance: volume.MountPoint,
        breached: !isOn,
        value: isOn ? 1 : 0,
        text: `${volume.MountPoint} BitLocker protection ${volume.Protection} (${volume.Status})`,
      };
    });

export const bitlockerCheck = (condition: AgentCondition, context: SamplerContext): Check => {
  const p = parametersOf(condition, 'BITLOCKER');
  return {
    intervalMs: msOf(context.settings, context.settings.intervals.encryption),
    durationMs: 0,
    sample: async () =>
      bitlockerReadings(listOf<BitLockerVolume>(await powershellJson(context, BITLOCKER_SCRIPT)), p.volume),
  };
};

/** `fdesetup status`: "FileVault is On." / "FileVault is Off." (or an encryption in progress: not yet on). */
export const parseFdesetupStatus = (stdout: string) => {
  const firstLine = stdout.trim().split('\n')[0] ?? '';
  return { isOn: /^FileVault is On\./.test(firstLine), text: firstLine || 'no answer from fdesetup' };
};

export const filevaultCheck = (condition: AgentCondition, context: SamplerContext): Check => {
  parametersOf(condition, 'FILEVAULT');
  return {
    intervalMs: msOf(context.settings, context.settings.intervals.encryption),
    durationMs: 0,
    sample: async () => {
      const { isOn, text } = parseFdesetupStatus(
        (await context.sources.run('fdesetup', ['status'], commandTimeout(context))).stdout,
      );
      return [{ instance: '', breached: !isOn, value: isOn ? 1 : 0, text }];
    },
  };
};
