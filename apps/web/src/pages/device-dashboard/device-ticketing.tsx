import { ScopedTickets } from '../../features/ticketing/components/scoped-tickets.tsx';
import { DeviceDashboard } from './device-dashboard.tsx';

/** `/deviceDashboard/:id/ticketing`: the device's tickets, and a new one with the device filled in. */
export const DeviceTicketingPage = () => (
  <DeviceDashboard tab="ticketing">
    {(device) => (
      <ScopedTickets organizationId={device.organizationId} deviceId={device.id} name={device.displayName} />
    )}
  </DeviceDashboard>
);
