import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/**
 * Confirmation dialogs (`modals.open*`) and notifications (`notifications.show`). Both are driven by
 * their libraries' own stores and events, so they mount beside the console, loaded after its first screen.
 */
export default function Overlays() {
  return (
    <>
      <Notifications position="top-right" />
      <ModalsProvider />
    </>
  );
}
