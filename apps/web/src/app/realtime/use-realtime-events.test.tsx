import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobKeys } from '../../features/jobs/queries.ts';
import { FakeWebSocket } from '../../test/fake-web-socket.ts';
import { createJobDetail, createStoredJob } from '../../test/job-factories.ts';
import { createTestQueryClient } from '../../test/render-route.tsx';
import { INVALIDATE_BATCH_MS, loadEventHandling, useRealtimeEvents } from './use-realtime-events.ts';

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
  return { ...view, queryClient, invalidatedKeys };
};

// The events' schema and the features' event keys load lazily in the console; here they are there before the first event.
beforeAll(() => loadEventHandling());
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

  it('puts job output and status into the watched job, and refetches the job lists and the audit log', () => {
    const { queryClient, invalidatedKeys } = setup();
    const watched = createJobDetail({ jobStatus: 'START_REQUESTED', history: [] });
    queryClient.setQueryData(jobKeys.detail(watched.jobUid), watched);
    queryClient.setQueryData(jobKeys.output(watched.jobUid), { chunks: [] });
    const [socket] = FakeWebSocket.instances;
    const output = { type: 'job.output', organizationId: 1, nodeId: watched.nodeId, jobUid: watched.jobUid };
    socket!.receive({ ...output, seq: 1, stream: 'stderr', data: 'second' });
    socket!.receive({ ...output, seq: 0, stream: 'stdout', data: 'first' });
    const running = { ...watched, jobStatus: 'IN_PROGRESS', updatedAt: '2024-05-01T10:00:01.000Z' };
    const { history: _, ...runningJob } = running;
    socket!.receive({ type: 'job.updated', organizationId: 1, job: runningJob });
    // A job nobody watches is not kept.
    socket!.receive({ type: 'job.updated', organizationId: 1, job: createStoredJob() });

    expect(queryClient.getQueryData(jobKeys.output(watched.jobUid))).toEqual({
      chunks: [
        { seq: 0, stream: 'stdout', data: 'first' },
        { seq: 1, stream: 'stderr', data: 'second' },
      ],
    });
    expect(queryClient.getQueryData(jobKeys.detail(watched.jobUid))).toMatchObject({
      jobStatus: 'IN_PROGRESS',
      history: [],
    });
    expect(queryClient.getQueryCache().findAll({ queryKey: jobKeys.all })).toHaveLength(1);
    act(() => vi.advanceTimersByTime(INVALIDATE_BATCH_MS));
    expect(invalidatedKeys()).toEqual([
      ['jobs', 'list'],
      ['activities', 'list'],
      ['scheduled-tasks', 'runs'],
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
    expect(invalidatedKeys()).toEqual([
      ['devices'],
      ['dashboard'],
      ['organizations'],
      ['jobs'],
      ['scheduled-tasks', 'runs'],
      ['backup', 'plan-status'],
      ['backup', 'revisions'],
      ['backup', 'status'],
      ['alerts', 'list'],
      ['ticketing', 'tickets'],
    ]);
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
