import { describe, expect, it } from 'vitest';
import { isNatsReachable, natsTestUrl, waitFor } from '../../test/agents.ts';
import { createMemoryBus, createNatsBus } from './index.ts';
import { subjectMatches } from './match.ts';
import type { Bus } from './types.ts';

describe('subject matching (NATS rules)', () => {
  it.each([
    ['console.org.*', 'console.org.7', true],
    ['console.org.*', 'console.org.7.extra', false],
    ['agent.>', 'agent.device.1', true],
    ['agent.>', 'agent', false],
    ['agent.device.1', 'agent.device.12', false],
  ])('%s matches %s: %s', (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });
});

/** The same behaviour is asked of every bus. */
const busContract = (name: string, open: () => Promise<Bus>) =>
  describe(name, () => {
    it('delivers to exact and wildcard subscribers, and stops after unsubscribe', async () => {
      const bus = await open();
      const seen: [string, unknown][] = [];
      const stopExact = bus.subscribe('agent.device.1', (m, s) => seen.push([`exact ${s}`, m]));
      const stopWildcard = bus.subscribe('console.org.*', (m, s) => seen.push([`wild ${s}`, m]));
      await bus.flush(); // NATS: the subscriptions have reached the server
      bus.publish('agent.device.1', { n: 1 });
      bus.publish('agent.device.2', { n: 2 });
      bus.publish('console.org.5', { n: 3 });
      await waitFor(() => seen.length >= 2);
      stopExact();
      stopWildcard();
      // A subscription still open receives a marker published after the message to the closed one:
      // messages from one publisher arrive in order, so once the marker is in, the other would be too.
      const markers: unknown[] = [];
      bus.subscribe('marker', (m) => markers.push(m));
      await bus.flush();
      bus.publish('agent.device.1', { n: 4 });
      bus.publish('marker', 'after');
      await waitFor(() => markers.length === 1);
      expect(seen.sort()).toEqual([
        ['exact agent.device.1', { n: 1 }],
        ['wild console.org.5', { n: 3 }],
      ]);
      await bus.close();
    });

    it('keeps delivering when one handler throws', async () => {
      const bus = await open();
      const seen: unknown[] = [];
      bus.subscribe('x.y', () => {
        throw new Error('broken handler');
      });
      bus.subscribe('x.y', (m) => seen.push(m));
      await bus.flush();
      bus.publish('x.y', 'hello');
      await waitFor(() => seen.length === 1);
      await bus.close();
    });
  });

const natsUrl = natsTestUrl;
const natsReachable = await isNatsReachable();
if (!natsReachable) console.info(`NATS bus tests skipped: nothing listens at ${natsUrl}`);

const log = { error: () => {}, warn: () => {} };
busContract('the in-process bus', async () => createMemoryBus(log));
const prefix = `test${process.pid}${Date.now()}`;
describe.skipIf(!natsReachable)('NATS', () => {
  busContract('the NATS bus', () => createNatsBus(natsUrl, prefix, log));

  it('carries messages between two server processes (two connections)', async () => {
    const a = await createNatsBus(natsUrl, prefix, log);
    const b = await createNatsBus(natsUrl, prefix, log);
    const seen: unknown[] = [];
    b.subscribe('console.org.*', (m) => seen.push(m));
    await b.flush();
    a.publish('console.org.1', { type: 'device.status' });
    await waitFor(() => seen.length === 1);
    await Promise.all([a.close(), b.close()]);
  });
});
