import type { DeviceMetrics } from '@rmm/domain';
import type { MetricSample } from './presence-repository.ts';

type Window = { organizationId: number; startedAt: number; count: number; sum: DeviceMetrics };

const round = (value: number) => Math.round(value * 100) / 100;

/** Per-device windows of METRIC_SAMPLE_SECONDS: each closes into one sample, the mean of its heartbeats. */
export const createSampleWindows = (sampleSeconds: number, now: () => Date) => {
  const windows = new Map<number, Window>();

  const add = (deviceId: number, organizationId: number, metrics: DeviceMetrics) => {
    const window = windows.get(deviceId) ?? {
      organizationId,
      startedAt: now().getTime(),
      count: 0,
      sum: { cpuPercent: 0, memoryPercent: 0, diskPercent: 0 },
    };
    window.count += 1;
    window.sum.cpuPercent += metrics.cpuPercent;
    window.sum.memoryPercent += metrics.memoryPercent;
    window.sum.diskPercent += metrics.diskPercent;
    windows.set(deviceId, window);
  };

  /** Closes the windows that are old enough and answers their samples. */
  const takeDue = (): MetricSample[] => {
    const at = now();
    const samples: MetricSample[] = [];
    for (const [deviceId, window] of windows) {
      if (at.getTime() - window.startedAt < sampleSeconds * 1000) continue;
      windows.delete(deviceId);
      samples.push({
        deviceId,
        organizationId: window.organizationId,
        time: at,
        cpuPercent: round(window.sum.cpuPercent / window.count),
        memoryPercent: round(window.sum.memoryPercent / window.count),
        diskPercent: round(window.sum.diskPercent / window.count),
      });
    }
    return samples;
  };

  return { add, takeDue };
};
