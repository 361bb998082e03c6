import type { OrganizationEvent } from '@rmm/domain';
import type { Bus } from '../../bus/index.ts';
import { consoleEventSubject } from '../../bus/subjects.ts';
import type { StatusChange } from './presence-repository.ts';

/** Every console event goes through the bus, so every server process's /events clients see it. */
export const publishConsoleEvent = (bus: Bus, event: OrganizationEvent) =>
  bus.publish(consoleEventSubject(event.organizationId), event);

export const publishStatusChanges = (bus: Bus, changes: StatusChange[]) => {
  const time = new Date().toISOString();
  for (const change of changes) {
    publishConsoleEvent(bus, { type: 'device.status', time, ...change });
  }
};
