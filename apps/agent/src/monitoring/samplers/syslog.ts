import type { AgentCondition } from '@rmm/domain';
import { msOf } from '../settings.ts';
import type { Check, SamplerContext } from '../types.ts';
import { createOccurrenceWindow } from './occurrences.ts';
import { minutesMs, parametersOf } from './parameters.ts';

/** Syslog messages received on a UDP port that contain the text (any case) at the severity or worse, in a window. */
export const syslogCheck = (condition: AgentCondition, context: SamplerContext): Check => {
  const p = parametersOf(condition, 'SYSLOG');
  const window = createOccurrenceWindow({
    occurrences: p.occurrences,
    windowMs: minutesMs(context.settings.secondMs, p.windowMinutes),
    now: context.now,
  });
  const wanted = p.textContains.toLowerCase();
  const subscription = context.udp.subscribe(p.port, (message) => {
    if (message.severity > p.maxSeverity || !message.text.toLowerCase().includes(wanted)) return;
    window.add({ at: context.now().getTime(), text: `${message.from}: ${message.text}` });
  });
  const describe = (count: number) =>
    `${count} matching syslog message(s) on UDP ${p.port} in ${p.windowMinutes} min`;
  return {
    intervalMs: msOf(context.settings, Math.min(15, p.windowMinutes * 60)),
    durationMs: 0,
    sample: async () => {
      await subscription.ready;
      return [window.reading('', describe)];
    },
    stop: subscription.unsubscribe,
  };
};
