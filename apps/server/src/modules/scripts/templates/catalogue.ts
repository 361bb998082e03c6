import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ScriptParameter, type ScriptParameterInput, type ScriptTemplate } from '@rmm/domain';

/**
 * The read-only templates shipped with the product: the code lives in the files beside this one, the
 * metadata and typed parameters here. Ids are stable (a copied script keeps its template's id): a new
 * template takes the next number and a removed one's number is never reused.
 */

type TemplateEntry = Omit<ScriptTemplate, 'code' | 'parameters' | 'defaultRunAs' | 'timeoutSeconds'> & {
  file: string;
  parameters?: ScriptParameterInput[];
  timeoutSeconds?: number;
};

const entries: TemplateEntry[] = [
  {
    id: 1,
    file: 'linux-disk-cleanup.sh',
    name: 'Clean up disk space (Linux)',
    description:
      'Removes temporary files older than N days from /tmp and /var/tmp, cleans the package cache (apt, dnf or yum) and shrinks the systemd journal to 200 MB. Prints the free space before and after.',
    category: 'MAINTENANCE',
    language: 'sh',
    operatingSystems: ['LINUX'],
    parameters: [
      {
        name: 'days',
        label: 'Older than (days)',
        description: 'Temporary files not changed for this many days are removed.',
        type: 'INTEGER',
        defaultValue: '7',
      },
    ],
  },
  {
    id: 2,
    file: 'windows-disk-cleanup.ps1',
    name: 'Clean up disk space (Windows)',
    description:
      'Removes temporary files older than N days (Windows and every user), the Windows Update download cache and the recycle bins. Prints the free space of the system drive before and after.',
    category: 'MAINTENANCE',
    language: 'powershell',
    operatingSystems: ['WINDOWS'],
    parameters: [
      {
        name: 'Days',
        label: 'Older than (days)',
        description: 'Temporary files not changed for this many days are removed.',
        type: 'INTEGER',
        defaultValue: '7',
      },
    ],
    timeoutSeconds: 1800,
  },
  {
    id: 3,
    file: 'linux-restart-service.sh',
    name: 'Restart a service (Linux)',
    description:
      'Restarts a systemd service (or a SysV one) and shows its status afterwards; fails when the service does not come back.',
    category: 'MAINTENANCE',
    language: 'sh',
    operatingSystems: ['LINUX'],
    parameters: [
      {
        name: 'service',
        label: 'Service name',
        description: 'The unit name, e.g. nginx or ssh.service.',
        type: 'TEXT',
        required: true,
      },
    ],
  },
  {
    id: 4,
    file: 'windows-restart-service.ps1',
    name: 'Restart a service (Windows)',
    description:
      'Restarts a Windows service by name or display name (with the services that depend on it) and waits for it to run again.',
    category: 'MAINTENANCE',
    language: 'powershell',
    operatingSystems: ['WINDOWS'],
    parameters: [
      {
        name: 'Name',
        label: 'Service name',
        description: 'The service name or display name, e.g. Spooler.',
        type: 'TEXT',
        required: true,
      },
    ],
  },
  {
    id: 5,
    file: 'mac-restart-service.sh',
    name: 'Restart a service (macOS)',
    description:
      'Restarts a launchd service of the system domain (launchctl kickstart -k) and shows its state.',
    category: 'MAINTENANCE',
    language: 'sh',
    operatingSystems: ['MAC'],
    parameters: [
      {
        name: 'label',
        label: 'Service label',
        description: 'The launchd label, e.g. com.openssh.sshd.',
        type: 'TEXT',
        required: true,
      },
    ],
  },
  {
    id: 6,
    file: 'linux-collect-logs.sh',
    name: 'Collect system logs (Linux)',
    description:
      'Log entries of the systemd journal from the last N hours at a priority or worse; without a journal, the last lines of /var/log/syslog or messages.',
    category: 'DIAGNOSTICS',
    language: 'sh',
    operatingSystems: ['LINUX'],
    parameters: [
      { name: 'hours', label: 'Hours back', type: 'INTEGER', defaultValue: '24' },
      { name: 'lines', label: 'At most (lines)', type: 'INTEGER', defaultValue: '500' },
      {
        name: 'priority',
        label: 'Priority or worse',
        type: 'OPTION',
        defaultValue: 'warning',
        options: ['emerg', 'alert', 'crit', 'err', 'warning', 'notice', 'info', 'debug'],
      },
    ],
  },
  {
    id: 7,
    file: 'windows-event-log.ps1',
    name: 'Collect event log entries (Windows)',
    description:
      'Critical, error and warning events of a Windows event log from the last N hours, newest first.',
    category: 'DIAGNOSTICS',
    language: 'powershell',
    operatingSystems: ['WINDOWS'],
    parameters: [
      { name: 'Hours', label: 'Hours back', type: 'INTEGER', defaultValue: '24' },
      {
        name: 'LogName',
        label: 'Log',
        type: 'OPTION',
        defaultValue: 'System',
        options: ['System', 'Application', 'Security', 'Setup'],
      },
      { name: 'MaxEvents', label: 'At most (events)', type: 'INTEGER', defaultValue: '200' },
      { name: 'Warnings', label: 'Include warnings', type: 'BOOLEAN', defaultValue: 'true' },
    ],
  },
  {
    id: 8,
    file: 'mac-collect-logs.sh',
    name: 'Collect system logs (macOS)',
    description: 'Entries of the unified log from the last N hours (errors and faults only, or all).',
    category: 'DIAGNOSTICS',
    language: 'sh',
    operatingSystems: ['MAC'],
    parameters: [
      { name: 'hours', label: 'Hours back', type: 'INTEGER', defaultValue: '4' },
      { name: 'lines', label: 'At most (lines)', type: 'INTEGER', defaultValue: '500' },
      { name: 'errorsOnly', label: 'Errors only', type: 'BOOLEAN', defaultValue: 'true' },
    ],
  },
  {
    id: 9,
    file: 'linux-pending-updates.sh',
    name: 'Pending updates (Linux)',
    description:
      'Lists the package updates waiting to be installed (apt, dnf, yum or zypper) and counts the security updates. Installs nothing.',
    category: 'SECURITY',
    language: 'sh',
    operatingSystems: ['LINUX'],
    parameters: [
      {
        name: 'refresh',
        label: 'Refresh package lists first',
        description: 'Runs apt-get update (as root) or lets dnf/yum fetch metadata.',
        type: 'BOOLEAN',
        defaultValue: 'false',
      },
    ],
    timeoutSeconds: 1800,
  },
  {
    id: 10,
    file: 'windows-pending-updates.ps1',
    name: 'Pending updates (Windows)',
    description:
      'Lists the updates Windows Update offers this device (title, KB, severity, size) and whether a restart is pending. Installs nothing.',
    category: 'SECURITY',
    language: 'powershell',
    operatingSystems: ['WINDOWS'],
    timeoutSeconds: 1800,
  },
  {
    id: 11,
    file: 'mac-pending-updates.sh',
    name: 'Pending updates (macOS)',
    description:
      'Lists the software updates Apple offers this Mac and whether one needs a restart. Installs nothing.',
    category: 'SECURITY',
    language: 'sh',
    operatingSystems: ['MAC'],
    timeoutSeconds: 1800,
  },
  {
    id: 12,
    file: 'unix-list-users.sh',
    name: 'List local users (Linux, macOS)',
    description:
      'The local accounts people sign in with: UID, shell, groups (Linux) or administrator (macOS), and the last sign-ins.',
    category: 'USERS',
    language: 'sh',
    operatingSystems: ['LINUX', 'MAC'],
    parameters: [{ name: 'all', label: 'Include system accounts', type: 'BOOLEAN', defaultValue: 'false' }],
  },
  {
    id: 13,
    file: 'windows-list-users.ps1',
    name: 'List local users (Windows)',
    description: 'The local accounts: enabled, administrator, last sign-in and when the password was set.',
    category: 'USERS',
    language: 'powershell',
    operatingSystems: ['WINDOWS'],
  },
  {
    id: 14,
    file: 'unix-listening-ports.sh',
    name: 'List listening ports (Linux, macOS)',
    description: 'The TCP and UDP ports this device listens on, with their processes (ss, netstat or lsof).',
    category: 'NETWORK',
    language: 'sh',
    operatingSystems: ['LINUX', 'MAC'],
  },
  {
    id: 15,
    file: 'windows-listening-ports.ps1',
    name: 'List listening ports (Windows)',
    description: 'The TCP and UDP ports this device listens on, with the owning process.',
    category: 'NETWORK',
    language: 'powershell',
    operatingSystems: ['WINDOWS'],
  },
  {
    id: 16,
    file: 'unix-top-processes.sh',
    name: 'Top processes (Linux, macOS)',
    description: 'The processes using the most CPU or memory, and the load average.',
    category: 'DIAGNOSTICS',
    language: 'sh',
    operatingSystems: ['LINUX', 'MAC'],
    parameters: [
      { name: 'count', label: 'How many', type: 'INTEGER', defaultValue: '10' },
      { name: 'sortBy', label: 'Sort by', type: 'OPTION', defaultValue: 'cpu', options: ['cpu', 'memory'] },
    ],
  },
  {
    id: 17,
    file: 'windows-top-processes.ps1',
    name: 'Top processes (Windows)',
    description: 'The processes using the most CPU time or memory, and the processor load.',
    category: 'DIAGNOSTICS',
    language: 'powershell',
    operatingSystems: ['WINDOWS'],
    parameters: [
      { name: 'Count', label: 'How many', type: 'INTEGER', defaultValue: '10' },
      { name: 'SortBy', label: 'Sort by', type: 'OPTION', defaultValue: 'cpu', options: ['cpu', 'memory'] },
    ],
  },
  {
    id: 18,
    file: 'unix-disk-usage.sh',
    name: 'Disk usage report (Linux, macOS)',
    description:
      'Every mounted file system with its free space, then the largest folders directly under a path.',
    category: 'DIAGNOSTICS',
    language: 'sh',
    operatingSystems: ['LINUX', 'MAC'],
    parameters: [
      { name: 'path', label: 'Folder', type: 'TEXT', defaultValue: '/var' },
      { name: 'count', label: 'How many folders', type: 'INTEGER', defaultValue: '15' },
    ],
    timeoutSeconds: 1800,
  },
  {
    id: 19,
    file: 'windows-disk-usage.ps1',
    name: 'Disk usage report (Windows)',
    description:
      'Every local disk with its size and free space, then the largest folders directly under a path.',
    category: 'DIAGNOSTICS',
    language: 'powershell',
    operatingSystems: ['WINDOWS'],
    parameters: [
      { name: 'Path', label: 'Folder', type: 'TEXT', defaultValue: 'C:\\Users' },
      { name: 'Count', label: 'How many folders', type: 'INTEGER', defaultValue: '15' },
    ],
    timeoutSeconds: 1800,
  },
  {
    id: 20,
    file: 'unix-uptime.sh',
    name: 'Uptime and last restart (Linux, macOS)',
    description:
      'How long the device has been up, when it last started, and the last restarts and shutdowns on record.',
    category: 'DIAGNOSTICS',
    language: 'sh',
    operatingSystems: ['LINUX', 'MAC'],
  },
  {
    id: 21,
    file: 'windows-uptime.ps1',
    name: 'Uptime and last restart (Windows)',
    description:
      'How long Windows has been up, when it last started, and the last restarts, shutdowns and unexpected shutdowns in the System log.',
    category: 'DIAGNOSTICS',
    language: 'powershell',
    operatingSystems: ['WINDOWS'],
  },
  {
    id: 22,
    file: 'unix-flush-dns.sh',
    name: 'Flush the DNS cache (Linux, macOS)',
    description:
      'Flushes the resolver cache: macOS (dscacheutil, mDNSResponder), systemd-resolved, nscd or dnsmasq.',
    category: 'NETWORK',
    language: 'sh',
    operatingSystems: ['LINUX', 'MAC'],
  },
  {
    id: 23,
    file: 'windows-flush-dns.cmd',
    name: 'Flush the DNS cache (Windows)',
    description: 'Flushes the DNS resolver cache of Windows (ipconfig /flushdns).',
    category: 'NETWORK',
    language: 'cmd',
    operatingSystems: ['WINDOWS'],
  },
  {
    id: 24,
    file: 'linux-installed-software.sh',
    name: 'Installed software (Linux)',
    description:
      'The installed packages with their versions (dpkg, rpm, apk or pacman), optionally only those whose name contains a text.',
    category: 'SOFTWARE',
    language: 'sh',
    operatingSystems: ['LINUX'],
    parameters: [
      {
        name: 'filter',
        label: 'Name contains',
        description: 'Leave empty to list every package.',
        type: 'TEXT',
      },
    ],
  },
  {
    id: 25,
    file: 'mac-installed-software.sh',
    name: 'Installed software (macOS)',
    description:
      'The applications in /Applications with their versions, and the Homebrew packages if Homebrew is installed.',
    category: 'SOFTWARE',
    language: 'sh',
    operatingSystems: ['MAC'],
  },
  {
    id: 26,
    file: 'windows-installed-software.ps1',
    name: 'Installed software (Windows)',
    description:
      'The installed programs (64-bit, 32-bit and per-user) with version, publisher and install date, optionally filtered by name.',
    category: 'SOFTWARE',
    language: 'powershell',
    operatingSystems: ['WINDOWS'],
    parameters: [
      {
        name: 'Filter',
        label: 'Name contains',
        description: 'Leave empty to list every program.',
        type: 'TEXT',
      },
    ],
  },
  {
    id: 27,
    file: 'check-tcp-port.py',
    name: 'Check a TCP port',
    description:
      'Connects to a host and port and reports whether it is open and how long the connection took. Fails when the port does not answer.',
    category: 'NETWORK',
    language: 'python',
    operatingSystems: ['LINUX', 'MAC', 'WINDOWS'],
    parameters: [
      { name: 'host', label: 'Host', description: 'Host name or address.', type: 'TEXT', required: true },
      { name: 'port', label: 'Port', type: 'INTEGER', required: true },
      { name: 'timeout', label: 'Timeout (seconds)', type: 'INTEGER', defaultValue: '5' },
    ],
    timeoutSeconds: 120,
  },
  {
    id: 28,
    file: 'unix-free-memory.sh',
    name: 'Memory report (Linux, macOS)',
    description: 'Total, used and available memory and swap, and the five processes using the most memory.',
    category: 'DIAGNOSTICS',
    language: 'sh',
    operatingSystems: ['LINUX', 'MAC'],
  },
  {
    id: 29,
    file: 'windows-free-memory.ps1',
    name: 'Memory report (Windows)',
    description:
      'Total and free physical memory, the page file, and the five processes using the most memory.',
    category: 'DIAGNOSTICS',
    language: 'powershell',
    operatingSystems: ['WINDOWS'],
  },
  {
    id: 30,
    file: 'unix-network-config.sh',
    name: 'Network configuration (Linux, macOS)',
    description: 'Interfaces and addresses, routes, DNS servers and the host name.',
    category: 'NETWORK',
    language: 'sh',
    operatingSystems: ['LINUX', 'MAC'],
  },
  {
    id: 31,
    file: 'windows-network-config.cmd',
    name: 'Network configuration (Windows)',
    description: 'Adapters and addresses, DNS servers (ipconfig /all) and the IPv4 routing table.',
    category: 'NETWORK',
    language: 'cmd',
    operatingSystems: ['WINDOWS'],
  },
  {
    id: 32,
    file: 'unix-ping-host.sh',
    name: 'Ping a host (Linux, macOS)',
    description: 'Pings a host a number of times and fails when it does not answer.',
    category: 'NETWORK',
    language: 'sh',
    operatingSystems: ['LINUX', 'MAC'],
    parameters: [
      { name: 'host', label: 'Host', description: 'Host name or address.', type: 'TEXT', required: true },
      { name: 'count', label: 'Pings', type: 'INTEGER', defaultValue: '4' },
    ],
    timeoutSeconds: 300,
  },
  {
    id: 33,
    file: 'windows-ping-host.cmd',
    name: 'Ping a host (Windows)',
    description: 'Pings a host a number of times and fails when it does not answer.',
    category: 'NETWORK',
    language: 'cmd',
    operatingSystems: ['WINDOWS'],
    parameters: [
      { name: 'host', label: 'Host', description: 'Host name or address.', type: 'TEXT', required: true },
      { name: 'count', label: 'Pings', type: 'INTEGER', defaultValue: '4' },
    ],
    timeoutSeconds: 300,
  },
  {
    id: 34,
    file: 'unix-find-large-files.sh',
    name: 'Find large files (Linux, macOS)',
    description:
      'The largest files of at least a size under a folder (on the same file system), largest first.',
    category: 'DIAGNOSTICS',
    language: 'sh',
    operatingSystems: ['LINUX', 'MAC'],
    parameters: [
      { name: 'path', label: 'Folder', type: 'TEXT', defaultValue: '/' },
      { name: 'sizeMb', label: 'At least (MB)', type: 'INTEGER', defaultValue: '100' },
      { name: 'count', label: 'How many', type: 'INTEGER', defaultValue: '20' },
    ],
    timeoutSeconds: 1800,
  },
  {
    id: 35,
    file: 'windows-find-large-files.ps1',
    name: 'Find large files (Windows)',
    description: 'The largest files of at least a size under a folder, largest first.',
    category: 'DIAGNOSTICS',
    language: 'powershell',
    operatingSystems: ['WINDOWS'],
    parameters: [
      { name: 'Path', label: 'Folder', type: 'TEXT', defaultValue: 'C:\\' },
      { name: 'SizeMB', label: 'At least (MB)', type: 'INTEGER', defaultValue: '100' },
      { name: 'Count', label: 'How many', type: 'INTEGER', defaultValue: '20' },
    ],
    timeoutSeconds: 1800,
  },
  {
    id: 36,
    file: 'system-summary.py',
    name: 'System summary',
    description:
      "Operating system, host name, processors, memory, disks and uptime, with Python's standard library only.",
    category: 'DIAGNOSTICS',
    language: 'python',
    operatingSystems: ['LINUX', 'MAC', 'WINDOWS'],
    timeoutSeconds: 120,
  },
];

const templatesDir = fileURLToPath(new URL('.', import.meta.url));

const templateOf = (entry: TemplateEntry): ScriptTemplate => {
  const { file, parameters = [], timeoutSeconds = 600, ...rest } = entry;
  return {
    ...rest,
    code: fs.readFileSync(`${templatesDir}/${file}`, 'utf8'),
    parameters: parameters.map((parameter) => ScriptParameter.parse(parameter)),
    defaultRunAs: 'SYSTEM',
    timeoutSeconds,
  };
};

/** Every template, in id order; the files are read once, when the server starts. */
export const scriptTemplates: ScriptTemplate[] = entries.map(templateOf).sort((a, b) => a.id - b.id);

/** The template's file name (tests check each file). */
export const templateFiles: ReadonlyMap<number, string> = new Map(entries.map((e) => [e.id, e.file]));

export const findTemplate = (id: number) => scriptTemplates.find((template) => template.id === id);
