/** The agent's state folder when it runs as a service, per platform (apps/agent/src/args.ts). */
export const serviceStateDirs = {
  linux: '/var/lib/rmm-agent',
  windows: 'C:\\ProgramData\\RmmAgent',
  macos: '/Library/Application Support/RmmAgent',
} as const;
export type InstallPlatform = keyof typeof serviceStateDirs;

/** Where the agent keeps its identity when started by hand: the user's home. */
export const DEFAULT_STATE_DIR = '~/.rmm-agent';

const quote = (arg: string) => (/[\s"]/.test(arg) ? `"${arg.replaceAll('"', '\\"')}"` : arg);

/** `npm run agent -- --server URL --token TOKEN --state-dir DIR`: enrols on first start, then runs. */
export const agentCommand = (server: string, token: string, stateDir: string = DEFAULT_STATE_DIR) =>
  `npm run agent -- --server ${quote(server)} --token ${quote(token)} --state-dir ${stateDir}`;

/** Enrols now and writes the platform's service definition; systemd and launchd also start it. */
export const installServiceCommand = (platform: InstallPlatform, server: string, token: string) => {
  const args = `--server ${quote(server)} --token ${quote(token)} --state-dir ${quote(serviceStateDirs[platform])}`;
  if (platform === 'windows') return `npm run agent -- install-service ${args}`;
  return `sudo npm run agent -- install-service ${args} --enable`;
};
