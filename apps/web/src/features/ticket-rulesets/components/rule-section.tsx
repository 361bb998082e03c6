import { Divider, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled group of the ruleset dialog's fields; its title names it for assistive technology. */
export const RuleSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap="xs" role="group" aria-label={title}>
    <Divider />
    <Title order={5}>{title}</Title>
    {children}
  </Stack>
);
