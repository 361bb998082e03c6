import type { Ticket } from '@rmm/domain';
import { type ComponentType, createContext, useContext } from 'react';

/** What a panel of another area shown on the ticket page gets: the ticket, and a way to read it again. */
export type TicketPanelProps = {
  ticket: Ticket;
  canManage: boolean;
  /** After the panel changed the ticket itself (its agreement): the page reads it again. */
  onTicketChanged: () => Promise<unknown>;
};

/**
 * Panels of other areas on the ticket page (billing's section), given by the screen that composes them
 * (pages/ticketing/): a feature never imports another.
 */
export const TicketPanelsContext = createContext<readonly ComponentType<TicketPanelProps>[]>([]);

export const TicketPanels = (props: TicketPanelProps) => {
  const panels = useContext(TicketPanelsContext);
  return panels.map((Panel, index) => <Panel key={Panel.displayName ?? index} {...props} />);
};
