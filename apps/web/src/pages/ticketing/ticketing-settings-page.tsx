import { TicketingSettings } from '../../features/ticketing/admin/ticketing-settings.tsx';

/**
 * `/administration/apps/ticketing`: ticketing's forms, boards and setup lists. Sections of other features that
 * configure ticketing (the ticket rulesets) are added here as `extraSections`: features import no feature.
 */
export const TicketingSettingsPage = () => <TicketingSettings extraSections={[]} />;
