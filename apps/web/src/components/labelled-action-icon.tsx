import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import type { MouseEventHandler, ReactNode } from 'react';

/** An icon button of a table row: its label is both its tooltip and its accessible name. */
export const LabelledActionIcon = ({
  label,
  children,
  onClick,
  ...props
}: ActionIconProps & {
  label: string;
  onClick?: MouseEventHandler<HTMLButtonElement>;
  children: ReactNode;
}) => (
  <Tooltip label={label}>
    <ActionIcon variant="subtle" aria-label={label} onClick={onClick} {...props}>
      {children}
    </ActionIcon>
  </Tooltip>
);
