import { Badge, Group } from '@mantine/core';
import { type ScriptOperatingSystem, scriptOperatingSystemLabels } from '@rmm/domain';

const colors: Record<ScriptOperatingSystem, string> = { WINDOWS: 'blue', MAC: 'gray', LINUX: 'orange' };

/** The operating systems a script is written for. */
export const OperatingSystemBadges = ({ value }: { value: readonly ScriptOperatingSystem[] }) => (
  <Group gap={4} wrap="nowrap">
    {value.map((os) => (
      <Badge key={os} size="sm" variant="light" color={colors[os]}>
        {scriptOperatingSystemLabels[os]}
      </Badge>
    ))}
  </Group>
);
