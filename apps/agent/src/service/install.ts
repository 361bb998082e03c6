import fs from 'node:fs';
import path from 'node:path';
import { run } from '../collectors/exec.ts';
import type { Logger } from '../log.ts';
import { agentPackageDir, serviceCommand } from './command.ts';
import { LAUNCHD_PLIST_PATH, launchdNextSteps, launchdPlist } from './launchd.ts';
import { SYSTEMD_UNIT_PATH, systemdNextSteps, systemdUnit } from './systemd.ts';
import { winswConfig, winswNextSteps } from './winsw.ts';

export type ServiceFile = { path: string; content: string; nextSteps: string[] };

/** The service definition of this platform: a systemd unit, a launchd plist, or a WinSW XML. */
export const serviceFileFor = (
  platform: NodeJS.Platform,
  stateDir: string,
  servicePath?: string,
): ServiceFile => {
  const command = serviceCommand(stateDir);
  if (platform === 'win32') {
    const file = servicePath ?? path.win32.join(stateDir, 'rmm-agent.xml');
    return { path: file, content: winswConfig(command, agentPackageDir), nextSteps: winswNextSteps(file) };
  }
  if (platform === 'darwin') {
    const file = servicePath ?? LAUNCHD_PLIST_PATH;
    return { path: file, content: launchdPlist(command, agentPackageDir), nextSteps: launchdNextSteps };
  }
  const file = servicePath ?? SYSTEMD_UNIT_PATH;
  return { path: file, content: systemdUnit(command, agentPackageDir), nextSteps: systemdNextSteps };
};

const runStep = async (step: string, log: Logger) => {
  const [command, ...args] = step.split(' ');
  const result = await run(command!, args);
  if (result.code !== 0) throw new Error(`"${step}" failed with exit code ${result.code}`);
  log.info(`ran: ${step}`);
};

/** Writes the service definition; with `enable`, also loads and starts it (systemd and launchd). */
export const installService = async (
  options: { platform: NodeJS.Platform; stateDir: string; servicePath?: string; enable: boolean },
  log: Logger,
) => {
  const service = serviceFileFor(options.platform, options.stateDir, options.servicePath);
  fs.mkdirSync(path.dirname(service.path), { recursive: true });
  fs.writeFileSync(service.path, service.content, { mode: 0o644 });
  log.info(`wrote ${service.path}`);
  if (options.enable && options.platform !== 'win32') {
    for (const step of service.nextSteps) await runStep(step, log);
    return service;
  }
  log.info(`next, as an administrator:\n  ${service.nextSteps.join('\n  ')}`);
  return service;
};
