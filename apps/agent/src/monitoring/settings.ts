/**
 * Timings of the agent's monitoring. Every interval is in the parameters' own seconds, and one of those
 * seconds lasts `secondMs` (1000; tests shorten it, as `timeoutUnitMs` does for jobs): a CPU condition of 1
 * minute with `secondMs` 20 triggers after 1.2 s of real time.
 */
export type MonitoringSettings = {
  /** Milliseconds in one second of a condition's parameters and of the intervals below. */
  secondMs: number;
  /** How often each kind of condition is sampled when its parameters name no interval (seconds). */
  intervals: {
    /** CPU and memory (the CPU figure is the average over this interval). */
    usage: number;
    disk: number;
    process: number;
    service: number;
    reboot: number;
    /** Event log and journal polls. */
    eventLog: number;
    software: number;
    patch: number;
    antivirus: number;
    hardware: number;
    encryption: number;
  };
  /** After a new set, the full report waits for the first samples of every condition at most this long (seconds). */
  fullReportWaitSeconds: number;
  /** A command a sampler runs (systemctl, journalctl, PowerShell...) is stopped after this (seconds). */
  commandTimeoutSeconds: number;
  /** A probe (ping, HTTP, TCP connect) gives up after this (seconds). */
  probeTimeoutSeconds: number;
  /** SCRIPT_RESULT: a script is stopped after this (seconds), or at its interval if that is shorter. */
  scriptTimeoutSeconds: number;
  /** SERVICE restart attempts: the wait after each restart before the service is looked at again (seconds). */
  restartSettleSeconds: number;
  /** Observations held at most while the server has not confirmed them (see outbox.ts). */
  maxHeldObservations: number;
  /** Reports sent and not yet confirmed at once. */
  maxReportsInFlight: number;
};

export const defaultMonitoringSettings = (): MonitoringSettings => ({
  secondMs: 1000,
  intervals: {
    usage: 15,
    disk: 60,
    process: 30,
    service: 30,
    reboot: 300,
    eventLog: 15,
    software: 900,
    patch: 3600,
    antivirus: 900,
    hardware: 60,
    encryption: 3600,
  },
  fullReportWaitSeconds: 120,
  commandTimeoutSeconds: 60,
  probeTimeoutSeconds: 10,
  scriptTimeoutSeconds: 600,
  restartSettleSeconds: 10,
  maxHeldObservations: 10_000,
  maxReportsInFlight: 4,
});

/** Real milliseconds of `seconds` parameter seconds. */
export const msOf = (settings: MonitoringSettings, seconds: number) =>
  Math.round(seconds * settings.secondMs);
