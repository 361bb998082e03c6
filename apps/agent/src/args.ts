import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { defaultRebootCommand } from './jobs/settings.ts';

export type AgentCommand = 'run' | 'install-service' | 'help';

export type AgentOptions = {
  command: AgentCommand;
  serverUrl: string | undefined;
  token: string | undefined;
  stateDir: string;
  /** Overrides the interval the server names in its welcome. */
  heartbeatSeconds: number | undefined;
  /** How often the inventory is collected again and sent when it changed. */
  inventorySeconds: number;
  reconnectMinMs: number;
  reconnectMaxMs: number;
  /** After the server said it is restarting, reconnects are spread evenly over this many ms. */
  restartSpreadMs: number;
  /** install-service: where to write the unit (plist, WinSW XML); the platform's place by default. */
  servicePath: string | undefined;
  /** install-service: also reload and start it (systemctl / launchctl). */
  enableService: boolean;
  /** Wake-on-LAN: where the magic packets go (a broadcast address) and the UDP port. */
  wolAddress: string;
  wolPort: number;
  /** Jobs running at once; more wait in the order received. */
  maxConcurrentJobs: number;
  /** What the built-in REBOOT action runs (through the system shell). */
  rebootCommand: string;
  /** Between SIGTERM and SIGKILL when a job's process tree is stopped. */
  jobKillGraceSeconds: number;
  /** How long jobUids whose results the server stored are remembered. */
  jobHistoryDays: number;
  /** How often the logon sessions are looked at (ON_USER_LOGIN tasks). */
  loginPollSeconds: number;
  /** Backup-engine jobs: progress messages at most this often. */
  backupProgressMs: number;
  /** Pack size (MiB) of the repositories this agent creates. */
  backupPackMib: number;
  /** First wait before a request to the server's backup store is tried again (then doubled). */
  backupRetryMs: number;
  /** Milliseconds in one second of the monitoring's intervals and durations (1000; tests shorten it). */
  monitoringSecondMs: number;
};

export const usage = `Usage:
  npm run agent -- --server URL --token TOKEN [--state-dir DIR]    enrol (first start) and run
  npm run agent -- [--state-dir DIR]                               run with the stored identity
  npm run agent -- install-service --server URL --token TOKEN [--state-dir DIR] [--service-path FILE] [--enable]

Options (environment variable in brackets):
  --server URL               server address, e.g. https://rmm.example.com [RMM_SERVER]
  --token TOKEN              enrolment token, used once [RMM_TOKEN]
  --state-dir DIR            identity and state, mode 0600 [RMM_STATE_DIR]
  --heartbeat-seconds N      override the server's heartbeat interval [RMM_HEARTBEAT_SECONDS]
  --inventory-seconds N      inventory check interval, default 900 [RMM_INVENTORY_SECONDS]
  --reconnect-min-ms N       first reconnect delay, default 1000 [RMM_RECONNECT_MIN_MS]
  --reconnect-max-ms N       longest reconnect delay, default 300000 [RMM_RECONNECT_MAX_MS]
  --restart-spread-ms N      reconnects after a server restart spread over this, default 20000 [RMM_RESTART_SPREAD_MS]
  --wol-address ADDRESS      Wake-on-LAN broadcast address, default 255.255.255.255 [RMM_WOL_ADDRESS]
  --wol-port N               Wake-on-LAN UDP port, default 9 [RMM_WOL_PORT]
  --max-concurrent-jobs N    jobs running at once, default 4 [RMM_MAX_CONCURRENT_JOBS]
  --reboot-command CMD       what a REBOOT job runs, default "shutdown -r now"
                             ("shutdown /r /t 0" on Windows) [RMM_REBOOT_COMMAND]
  --job-kill-grace-seconds N SIGTERM to SIGKILL when a job is stopped, default 10 [RMM_JOB_KILL_GRACE_SECONDS]
  --job-history-days N       remember finished jobUids this long, default 30 [RMM_JOB_HISTORY_DAYS]
  --login-poll-seconds N     how often logons are looked for (ON_USER_LOGIN tasks), default 15
                             [RMM_LOGIN_POLL_SECONDS]
  --backup-progress-ms N     backup progress messages at most this often, default 1000 [RMM_BACKUP_PROGRESS_MS]
  --backup-pack-mib N        pack size of repositories this agent creates, default 16 [RMM_BACKUP_PACK_MIB]
  --backup-retry-ms N        first wait before the server's backup store is asked again, default 1000
                             [RMM_BACKUP_RETRY_MS]
  --monitoring-second-ms N   length of one second of the monitoring's intervals and durations, default
                             1000 (tests shorten it) [RMM_MONITORING_SECOND_MS]

Restore without the server (a local folder or mounted share, opened with the organization's restore key file):
  npm run agent -- backup snapshots --repo DIR --key-file FILE [--plan ID] [--json]
  npm run agent -- backup ls --repo DIR --key-file FILE [--snapshot ID] [PATH]
  npm run agent -- backup restore --repo DIR --key-file FILE [--snapshot ID] [--target DIR] [PATH...]
      [--collision overwrite|skip|keep-both] [--no-permissions] [--no-deleted]
`;

/** Where the identity lives when --state-dir is not given: the system's place for a service, else home. */
export const defaultStateDir = (
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
  isRoot: boolean,
  home = os.homedir(),
) => {
  if (platform === 'win32') return path.win32.join(env.ProgramData ?? 'C:\\ProgramData', 'RmmAgent');
  if (!isRoot) return path.join(home, '.rmm-agent');
  return platform === 'darwin' ? '/Library/Application Support/RmmAgent' : '/var/lib/rmm-agent';
};

const positive = (name: string, value: string | undefined, fallback?: number) => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0)
    throw new Error(`${name} must be a positive number, not "${value}"`);
  return parsed;
};

const udpPort = (value: string | undefined) => {
  const port = positive('--wol-port', value, 9)!;
  if (!Number.isInteger(port) || port > 65_535)
    throw new Error(`--wol-port must be a port number, not "${value}"`);
  return port;
};

const positiveInteger = (name: string, value: string | undefined, fallback: number) => {
  const parsed = positive(name, value, fallback)!;
  if (!Number.isInteger(parsed)) throw new Error(`${name} must be a whole number, not "${value}"`);
  return parsed;
};

const optionSpec = {
  server: { type: 'string' },
  token: { type: 'string' },
  'state-dir': { type: 'string' },
  'heartbeat-seconds': { type: 'string' },
  'inventory-seconds': { type: 'string' },
  'reconnect-min-ms': { type: 'string' },
  'reconnect-max-ms': { type: 'string' },
  'restart-spread-ms': { type: 'string' },
  'service-path': { type: 'string' },
  'wol-address': { type: 'string' },
  'wol-port': { type: 'string' },
  'max-concurrent-jobs': { type: 'string' },
  'reboot-command': { type: 'string' },
  'job-kill-grace-seconds': { type: 'string' },
  'job-history-days': { type: 'string' },
  'login-poll-seconds': { type: 'string' },
  'backup-progress-ms': { type: 'string' },
  'backup-pack-mib': { type: 'string' },
  'backup-retry-ms': { type: 'string' },
  'monitoring-second-ms': { type: 'string' },
  enable: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const commandOf = (positionals: string[], help: boolean | undefined): AgentCommand => {
  if (help) return 'help';
  const [first, ...rest] = positionals;
  if (rest.length) throw new Error(`Unexpected arguments: ${rest.join(' ')}`);
  if (first === undefined || first === 'run') return 'run';
  if (first === 'install-service') return 'install-service';
  throw new Error(`Unknown command "${first}"`);
};

export const parseAgentArgs = (
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  isRoot = process.getuid?.() === 0,
): AgentOptions => {
  const { values, positionals } = parseArgs({ args: argv, options: optionSpec, allowPositionals: true });
  return {
    command: commandOf(positionals, values.help),
    serverUrl: values.server ?? env.RMM_SERVER,
    token: values.token ?? env.RMM_TOKEN,
    stateDir: path.resolve(
      values['state-dir'] ?? env.RMM_STATE_DIR ?? defaultStateDir(platform, env, isRoot),
    ),
    heartbeatSeconds: positive(
      '--heartbeat-seconds',
      values['heartbeat-seconds'] ?? env.RMM_HEARTBEAT_SECONDS,
    ),
    inventorySeconds: positive(
      '--inventory-seconds',
      values['inventory-seconds'] ?? env.RMM_INVENTORY_SECONDS,
      900,
    )!,
    reconnectMinMs: positive(
      '--reconnect-min-ms',
      values['reconnect-min-ms'] ?? env.RMM_RECONNECT_MIN_MS,
      1000,
    )!,
    reconnectMaxMs: positive(
      '--reconnect-max-ms',
      values['reconnect-max-ms'] ?? env.RMM_RECONNECT_MAX_MS,
      300_000,
    )!,
    restartSpreadMs: positive(
      '--restart-spread-ms',
      values['restart-spread-ms'] ?? env.RMM_RESTART_SPREAD_MS,
      20_000,
    )!,
    servicePath: values['service-path'],
    enableService: values.enable ?? false,
    wolAddress: values['wol-address'] || env.RMM_WOL_ADDRESS || '255.255.255.255',
    wolPort: udpPort(values['wol-port'] ?? env.RMM_WOL_PORT),
    maxConcurrentJobs: positiveInteger(
      '--max-concurrent-jobs',
      values['max-concurrent-jobs'] ?? env.RMM_MAX_CONCURRENT_JOBS,
      4,
    ),
    rebootCommand: values['reboot-command'] || env.RMM_REBOOT_COMMAND || defaultRebootCommand(platform),
    jobKillGraceSeconds: positive(
      '--job-kill-grace-seconds',
      values['job-kill-grace-seconds'] ?? env.RMM_JOB_KILL_GRACE_SECONDS,
      10,
    )!,
    jobHistoryDays: positive(
      '--job-history-days',
      values['job-history-days'] ?? env.RMM_JOB_HISTORY_DAYS,
      30,
    )!,
    loginPollSeconds: positive(
      '--login-poll-seconds',
      values['login-poll-seconds'] ?? env.RMM_LOGIN_POLL_SECONDS,
      15,
    )!,
    backupProgressMs: positive(
      '--backup-progress-ms',
      values['backup-progress-ms'] ?? env.RMM_BACKUP_PROGRESS_MS,
      1000,
    )!,
    backupPackMib: positive('--backup-pack-mib', values['backup-pack-mib'] ?? env.RMM_BACKUP_PACK_MIB, 16)!,
    backupRetryMs: positive('--backup-retry-ms', values['backup-retry-ms'] ?? env.RMM_BACKUP_RETRY_MS, 1000)!,
    monitoringSecondMs: positive(
      '--monitoring-second-ms',
      values['monitoring-second-ms'] ?? env.RMM_MONITORING_SECOND_MS,
      1000,
    )!,
  };
};
