import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '../../test/render-route.tsx';
import { INVALIDATE_BATCH_MS, useRealtimeEvents } from './use-realtime-events.ts';

/** Stands in for the browser's WebSocket: the test plays the server. */
class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static instances: FakeWebSocket[] = [];
  readyState = FakeWebSocket.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((close: { code: number }) => void) | null = null;
  close = vi.fn();
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  open() {
    this.readyState = FakeWebSocket.OPEN;
    act(() => this.onopen?.());
  }
  receive(event: object) {
    if (this.readyState !== FakeWebSocket.OPEN) this.open();
    act(() => this.onmessage?.({ data: JSON.stringify({ time: new Date().toISOString(), ...event }) }));
  }
  drop(code = 1006) {
    act(() => this.onclose?.({ code }));
  }
}

const Probe = () => {
  useRealtimeEvents();
  return null;
};

const setup = () => {
  const queryClient = createTestQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Probe />
    </QueryClientProvider>,
  );
  const invalidatedKeys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { ...view, invalidatedKeys };
};

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useRealtimeEvents', () => {
  it('opens /events on the same origin and refetches what a device event changes, batched', () => {
    const { invalidatedKeys } = setup();
    const [socket] = FakeWebSocket.instances;
    expect(socket?.url).toBe(`ws://${window.location.host}/events`);
    socket!.receive({ type: 'ready' });
    const status = {
      type: 'device.status',
      organizationId: 1,
      status: 'DOWN',
      previousStatus: 'UP',
      lastSeen: null,
    };
    socket!.receive({ ...status, deviceId: 7 });
    socket!.receive({ ...status, deviceId: 8 });
    expect(invalidatedKeys()).toEqual([]);

    act(() => vi.advanceTimersByTime(INVALIDATE_BATCH_MS));
    expect(invalidatedKeys()).toEqual([
      ['devices', 'list'],
      ['devices', 'detail', 7],
      ['dashboard'],
      ['devices', 'detail', 8],
    ]);
  });

  it('ignores messages that are not console events', () => {
    const { invalidatedKeys } = setup();
    const [socket] = FakeWebSocket.instances;
    socket!.receive({ type: 'device.status', deviceId: 'not a number' });
    act(() => socket!.onmessage?.({ data: 'not json' }));
    act(() => vi.advanceTimersByTime(INVALIDATE_BATCH_MS));
    expect(invalidatedKeys()).toEqual([]);
  });

  it('reconnects after a drop and refetches what it may have missed', () => {
    const { invalidatedKeys } = setup();
    FakeWebSocket.instances[0]!.receive({ type: 'ready' });
    FakeWebSocket.instances[0]!.drop();
    expect(FakeWebSocket.instances).toHaveLength(1);

    act(() => vi.advanceTimersByTime(1_000));
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.instances[1]!.receive({ type: 'ready' });
    act(() => vi.advanceTimersByTime(INVALIDATE_BATCH_MS));
    expect(invalidatedKeys()).toEqual([['devices'], ['dashboard'], ['organizations']]);
  });

  it('asks who is signed in when the server refuses the channel', () => {
    const { invalidatedKeys } = setup();
    FakeWebSocket.instances[0]!.drop(1006);
    expect(invalidatedKeys()).toEqual([['auth', 'me']]);
  });

  it('closes its socket when the layout unmounts, and does not reconnect', () => {
    const { unmount } = setup();
    const [socket] = FakeWebSocket.instances;
    socket!.readyState = FakeWebSocket.OPEN;
    unmount();
    expect(socket!.close).toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
