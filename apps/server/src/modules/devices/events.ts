import type { Bus } from '../../bus/index.ts';
import { publishConsoleEvent } from '../events/publish.ts';
import type { StatusChange } from './presence-repository.ts';

export const publishStatusChanges = (bus: Bus, changes: StatusChange[]) => {
  const time = new Date().toISOString();
  for (const change of changes) {
    publishConsoleEvent(bus, { type: 'device.status', time, ...change });
  }
};
