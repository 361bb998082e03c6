import path from 'node:path';
import type { AgentCondition } from '@rmm/domain';
import { msOf } from '../settings.ts';
import { type Check, ConditionNotSampledError, type SamplerContext } from '../types.ts';
import { minutesMs, parametersOf } from './parameters.ts';

/** A process name as the condition gives it: the file name, `.exe` optional and any case on Windows and macOS. */
export const processNameMatches = (platform: NodeJS.Platform, wanted: string, running: string) => {
  if (platform === 'linux') return running === wanted || running === path.posix.basename(wanted);
  const norm = (name: string) =>
    path.win32
      .basename(name)
      .replace(/\.exe$/i, '')
      .toLowerCase();
  return norm(running) === norm(wanted);
};

export const processCheck = (condition: AgentCondition, context: SamplerContext): Check => {
  const p = parametersOf(condition, 'PROCESS');
  return {
    intervalMs: msOf(context.settings, context.settings.intervals.process),
    durationMs: minutesMs(context.settings.secondMs, p.durationMinutes),
    sample: async () => {
      const names = await context.sources.processNames();
      // On Linux `comm` is cut to 15 characters: a longer name matches its first 15 too.
      const count = new Set(
        names.filter(
          (name) =>
            processNameMatches(context.platform, p.name, name) ||
            (context.platform === 'linux' && p.name.length > 15 && name === p.name.slice(0, 15)),
        ),
      ).size;
      const isRunning = count > 0;
      return [
        {
          instance: p.name,
          breached: p.trigger === 'RUNNING' ? isRunning : !isRunning,
          value: isRunning ? 1 : 0,
          text: isRunning ? `${p.name} is running` : `${p.name} is not running`,
        },
      ];
    },
  };
};

export type ServiceState = { isRunning: boolean; text: string };

/** `systemctl is-active NAME`: one word (active, inactive, failed, activating...). */
export const parseSystemctlIsActive = (stdout: string): ServiceState => {
  const state = stdout.trim().split('\n')[0]?.trim() || 'unknown';
  return { isRunning: state === 'active', text: state };
};

/** `sc query NAME`: "STATE : 4  RUNNING"; error 1060 when there is no such service. */
export const parseScQuery = (stdout: string, code: number): ServiceState => {
  const state = /STATE\s*:\s*\d+\s+(\w+)/.exec(stdout)?.[1];
  if (!state) return { isRunning: false, text: code === 1060 ? 'not installed' : 'unknown' };
  return { isRunning: state === 'RUNNING', text: state.toLowerCase() };
};

/** `launchctl print system/LABEL`: "state = running"; exit 113 when the label is not loaded. */
export const parseLaunchctlPrint = (stdout: string, code: number): ServiceState => {
  if (code !== 0) return { isRunning: false, text: 'not loaded' };
  const state = /^\s*state = (.+)$/m.exec(stdout)?.[1]?.trim() ?? 'unknown';
  return { isRunning: state === 'running', text: state };
};

/** How each platform's service manager is asked and told to start a service. */
export const serviceManager = (context: SamplerContext, name: string) => {
  const timeout = msOf(context.settings, context.settings.commandTimeoutSeconds);
  const { run } = context.sources;
  if (context.platform === 'win32')
    return {
      state: async () => {
        const result = await run('sc', ['query', name], timeout);
        return parseScQuery(result.stdout, result.code);
      },
      start: () => run('sc', ['start', name], timeout),
    };
  if (context.platform === 'darwin')
    return {
      state: async () => {
        const result = await run('launchctl', ['print', `system/${name}`], timeout);
        return parseLaunchctlPrint(result.stdout, result.code);
      },
      start: () => run('launchctl', ['kickstart', `system/${name}`], timeout),
    };
  return {
    state: async () => parseSystemctlIsActive((await run('systemctl', ['is-active', name], timeout)).stdout),
    start: () => run('systemctl', ['restart', name], timeout),
  };
};

/**
 * A service running or not (systemd, the Windows service manager, launchd). NOT_RUNNING with restart
 * attempts: a service found stopped is started up to that many times (each followed by a look after
 * `restartSettleSeconds`) before the breach counts; once it counted, it is not restarted again until it
 * was seen running.
 */
export const serviceCheck = (condition: AgentCondition, context: SamplerContext): Check => {
  const p = parametersOf(condition, 'SERVICE');
  if (p.name.startsWith('-') || /[\r\n\0]/.test(p.name))
    throw new ConditionNotSampledError(`"${p.name}" is not a service name`);
  const manager = serviceManager(context, p.name);
  const settle = () =>
    new Promise((resolve) =>
      setTimeout(resolve, msOf(context.settings, context.settings.restartSettleSeconds)),
    );
  let isOutageCounted = false;
  return {
    intervalMs: msOf(context.settings, context.settings.intervals.service),
    durationMs: minutesMs(context.settings.secondMs, p.durationMinutes),
    sample: async () => {
      let state = await manager.state();
      let restarts = 0;
      if (p.trigger === 'NOT_RUNNING' && !state.isRunning && !isOutageCounted && !context.isDryRun) {
        while (!state.isRunning && restarts < p.restartAttempts) {
          restarts++;
          context.log.info(`monitoring: service ${p.name} is ${state.text}, restart attempt ${restarts}`);
          await manager.start().catch((error: Error) => context.log.warn(`monitoring: ${error.message}`));
          await settle();
          state = await manager.state();
        }
      }
      isOutageCounted = !state.isRunning;
      const tried = restarts ? ` after ${restarts} restart attempt(s)` : '';
      return [
        {
          instance: p.name,
          breached: p.trigger === 'RUNNING' ? state.isRunning : !state.isRunning,
          value: state.isRunning ? 1 : 0,
          text: `${p.name}: ${state.text}${tried}`,
        },
      ];
    },
  };
};
