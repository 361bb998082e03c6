import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export const PageHeader = ({ title, actions }: { title: ReactNode; actions?: ReactNode }) => (
  <Group justify="space-between" mb="md" wrap="nowrap">
    <Title order={2}>{title}</Title>
    {actions && <Group gap="xs">{actions}</Group>}
  </Group>
);
