/** What the agent reports when a job did not run to its own end; the server stores it as errorMessage. */
export const jobTexts = {
  expired: 'The job expired before it could start.',
  agentStopped: 'The agent stopped while the job was running.',
  cancelled: 'Cancelled',
  timedOut: (seconds: number) => `Timed out after ${seconds} s`,
  runAsUnavailable: (option: string) =>
    `Run-as ${option} was not resolved by the server: update the server to run scripts as another account.`,
  unsupportedType: (jobType: string) => `This agent cannot run ${jobType} jobs yet.`,
  invalidContent: (detail: string) => `The job content is not valid: ${detail}`,
  scriptNotInline: 'The job names a library script but does not carry its code.',
  interpreterMissing: (command: string) => `${command} was not found on this device.`,
  failedToStart: (command: string, reason: string) => `${command} could not be started: ${reason}`,
  endedBySignal: (signal: string) => `The process was ended by signal ${signal}.`,
  scriptFileFailed: (reason: string) => `The script file could not be written: ${reason}`,
  noSuchUser: (name: string) => `There is no user '${name}' on this device.`,
  notRoot: (agentUser: string, name: string) =>
    `The agent runs as '${agentUser}', not root: it cannot run a script as '${name}'.`,
  nobodyLoggedOn: 'No user is logged on to this device.',
  windowsAccountUnsupported:
    'Running a script as another Windows account is not supported by this agent yet.',
  windowsLoggedOnUnsupported:
    'Running a script as the logged-on Windows user is not supported by this agent yet.',
} as const;
