import { TicketingSettings } from '../../features/ticketing/admin/ticketing-settings.tsx';

/** `/administration/apps/ticketing`: ticketing's forms, boards and setup lists. */
export const TicketingSettingsPage = () => <TicketingSettings />;
