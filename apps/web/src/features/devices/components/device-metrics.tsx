import { SimpleGrid } from '@mantine/core';
import type { Device, DeviceMetricSample } from '@rmm/domain';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { useDeviceMetricsQuery } from '../queries.ts';
import { MetricChart } from './metric-chart.tsx';

const series = [
  { key: 'cpuPercent', label: 'devices.metrics.cpu', caption: 'devices.metrics.last24h', color: 'blue.6' },
  {
    key: 'memoryPercent',
    label: 'devices.metrics.memory',
    caption: 'devices.metrics.last24h',
    color: 'grape.6',
  },
  {
    key: 'diskPercent',
    label: 'devices.metrics.disk',
    caption: 'devices.metrics.diskCaption',
    color: 'teal.6',
  },
] as const;

const TEN_MINUTES_MS = 600_000;

/** Times on the axis: with seconds when all samples fall within a few minutes. */
const timeFormat = (times: string[]) =>
  times.length > 1 && dayjs(times.at(-1)).diff(times[0]) < TEN_MINUTES_MS ? 'HH:mm:ss' : 'HH:mm';

const MAX_LIVE_POINTS = 120;

/**
 * Stored samples are averages over minutes; the values the page polls in between are kept here, so
 * the charts move from the first heartbeat on instead of waiting for the first stored sample.
 */
const useLiveSamples = (device: Device) => {
  const [live, setLive] = useState<DeviceMetricSample[]>([]);
  const { metrics, lastSeen } = device;
  useEffect(() => {
    if (!metrics || !lastSeen) return;
    setLive((points) =>
      points.at(-1)?.time === lastSeen
        ? points
        : [...points, { ...metrics, time: lastSeen }].slice(-MAX_LIVE_POINTS),
    );
  }, [metrics, lastSeen]);
  return live;
};

const mergeSamples = (stored: DeviceMetricSample[], live: DeviceMetricSample[]) => {
  const lastStored = stored.at(-1)?.time;
  return [...stored, ...live.filter((point) => !lastStored || point.time > lastStored)];
};

/** CPU, memory and disk of the last 24 hours (stored samples), polled while the page is open; stacked beside the facts on wide screens. */
export const DeviceMetrics = ({ device }: { device: Device }) => {
  const { t } = useTranslation();
  const query = useDeviceMetricsQuery(device.id);
  const live = useLiveSamples(device);
  return (
    <QueryState query={query}>
      {({ data: stored }) => {
        const data = mergeSamples(stored, live);
        const format = timeFormat(data.map((sample) => sample.time));
        return (
          <SimpleGrid cols={{ base: 1, md: 3, lg: 1 }} spacing="sm">
            {series.map(({ key, label, caption, color }) => (
              <MetricChart
                key={key}
                title={t(label)}
                caption={t(caption)}
                current={device.metrics?.[key] ?? null}
                color={color}
                emptyText={t('devices.metrics.empty')}
                chartLabel={t('devices.metrics.chartLabel', { metric: t(label) })}
                data={data.map((sample) => ({ time: dayjs(sample.time).format(format), value: sample[key] }))}
              />
            ))}
          </SimpleGrid>
        );
      }}
    </QueryState>
  );
};
