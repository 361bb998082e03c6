import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Card, Group, Text } from '@mantine/core';

export type MetricPoint = { time: string; value: number };

const percent = (value: number) => `${Math.round(value)} %`;

/** One metric over time, 0–100 %, with its current value beside the title. */
export const MetricChart = ({
  title,
  caption,
  current,
  data,
  color,
  emptyText,
  chartLabel,
}: {
  title: string;
  caption: string;
  current: number | null;
  data: MetricPoint[];
  color: string;
  emptyText: string;
  /** What a screen reader hears instead of the drawing. */
  chartLabel: string;
}) => (
  <Card withBorder padding="sm">
    <Group justify="space-between" align="flex-start" mb={4} wrap="nowrap">
      <div>
        <Text fw={500}>{title}</Text>
        <Text size="xs" c="dimmed">
          {caption}
        </Text>
      </div>
      <Text fw={700} size="xl" aria-label={`${title}: ${current === null ? '–' : percent(current)}`}>
        {current === null ? '–' : percent(current)}
      </Text>
    </Group>
    {data.length === 0 ? (
      <Text size="sm" c="dimmed" h={120} ta="center" pt={45}>
        {emptyText}
      </Text>
    ) : (
      <div role="img" aria-label={chartLabel}>
        <AreaChart
          h={120}
          data={data}
          dataKey="time"
          series={[{ name: 'value', label: title, color }]}
          curveType="monotone"
          withDots={data.length < 3}
          yAxisProps={{
            domain: [0, 100],
            ticks: [0, 50, 100],
            width: 40,
            tickFormatter: (value) => `${value}%`,
          }}
          xAxisProps={{ minTickGap: 24 }}
          valueFormatter={(value) => `${value.toFixed(1)} %`}
          tooltipAnimationDuration={0}
        />
      </div>
    )}
  </Card>
);
