import { MANUAL_REFRESH_INTERVAL_SECONDS } from '@rmm/domain';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RefreshInterval } from './refresh-interval.ts';
import { useRefreshInterval } from './use-refresh-interval.ts';

describe('useRefreshInterval', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refreshes every interval', () => {
    const onRefresh = vi.fn();
    renderHook(() => useRefreshInterval(90, onRefresh));
    vi.advanceTimersByTime(89_999);
    expect(onRefresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onRefresh).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(90_000);
    expect(onRefresh).toHaveBeenCalledTimes(2);
  });

  it.each<RefreshInterval | number>(['manual', MANUAL_REFRESH_INTERVAL_SECONDS])(
    'sets no timer for manual (%s)',
    (interval) => {
      const onRefresh = vi.fn();
      renderHook(() => useRefreshInterval(interval, onRefresh));
      expect(vi.getTimerCount()).toBe(0);
      vi.advanceTimersByTime(30 * 86_400_000);
      expect(onRefresh).not.toHaveBeenCalled();
    },
  );

  it('restarts the timer when the interval changes and stops it on unmount', () => {
    const onRefresh = vi.fn();
    const { rerender, unmount } = renderHook(({ interval }) => useRefreshInterval(interval, onRefresh), {
      initialProps: { interval: 14400 as RefreshInterval },
    });
    vi.advanceTimersByTime(3_600_000);
    rerender({ interval: 'manual' });
    expect(vi.getTimerCount()).toBe(0);
    rerender({ interval: 180 });
    vi.advanceTimersByTime(180_000);
    expect(onRefresh).toHaveBeenCalledOnce();
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('calls the latest callback without restarting the timer', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(({ onRefresh }) => useRefreshInterval(90, onRefresh), {
      initialProps: { onRefresh: first },
    });
    vi.advanceTimersByTime(60_000);
    rerender({ onRefresh: second });
    vi.advanceTimersByTime(30_000);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
  });
});
