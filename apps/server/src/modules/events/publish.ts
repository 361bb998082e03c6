import type { OrganizationEvent } from '@rmm/domain';
import type { Bus } from '../../bus/index.ts';
import { consoleEventSubject } from '../../bus/subjects.ts';

/**
 * Every console event goes through the bus, so every server process's /events clients see it. The one
 * place that publishes them: jobs, enrolment, searches, the agent gateway and presence all call this.
 */
export const publishConsoleEvent = (bus: Bus, event: OrganizationEvent) =>
  bus.publish(consoleEventSubject(event.organizationId), event);
