import { type JobContext, launchProcess, type PreparedJob } from './execution.ts';

/** The built-in REBOOT: the agent's reboot command, SUCCESS when it ran and exited with 0. */
export const prepareRebootJob = (context: JobContext): PreparedJob => ({
  isReboot: true,
  launch: () =>
    launchProcess(
      { command: context.settings.rebootCommand, args: [], isShellCommand: true },
      context,
      context.settings.rebootTimeoutSeconds,
    ),
});
