import { TicketBillingSection } from '../../features/billing/components/ticket-billing-section.tsx';
import { TicketPanelsContext } from '../../features/ticketing/components/ticket-panels.tsx';
import { TicketingPage } from '../../features/ticketing/components/ticketing-page.tsx';

const panels = [TicketBillingSection];

/** `/ticketing/*` with the other areas' panels on the ticket page (billing's section). */
export const TicketingRoute = () => (
  <TicketPanelsContext.Provider value={panels}>
    <TicketingPage />
  </TicketPanelsContext.Provider>
);
