import { describe, expect, it } from 'vitest';
import { deviceStateOf, runCountsOf } from './states.ts';

const job = (jobStatus: string, jobResult: string | null = null) =>
  ({ skipReason: null, jobStatus, jobResult }) as Parameters<typeof deviceStateOf>[0][number];
const skipped = (skipReason: string) =>
  ({ skipReason, jobStatus: null, jobResult: null }) as Parameters<typeof deviceStateOf>[0][number];

describe("a device's state in a run", () => {
  it('shows a failure first, then work under way, then the outcome', () => {
    expect(deviceStateOf([job('COMPLETED', 'SUCCESS'), job('COMPLETED', 'FAILURE')])).toBe('FAILURE');
    expect(deviceStateOf([job('COMPLETED', 'SUCCESS'), job('IN_PROGRESS')])).toBe('RUNNING');
    expect(deviceStateOf([job('START_REQUESTED'), job('START_REQUESTED')])).toBe('QUEUED');
    expect(deviceStateOf([job('COMPLETED', 'SUCCESS'), job('EXPIRED')])).toBe('EXPIRED');
    expect(deviceStateOf([job('COMPLETED', 'SUCCESS'), job('COMPLETED', 'SUCCESS')])).toBe('SUCCESS');
  });

  it('is skipped when it got no job, and a refused run-as is a failure', () => {
    expect(deviceStateOf([skipped('SKIPPED_OFFLINE'), skipped('SKIPPED_OFFLINE')])).toBe('SKIPPED_OFFLINE');
    expect(deviceStateOf([skipped('SKIPPED_PLATFORM')])).toBe('SKIPPED_PLATFORM');
    // One action for its OS ran: the device shows that job's state.
    expect(deviceStateOf([skipped('SKIPPED_PLATFORM'), job('COMPLETED', 'SUCCESS')])).toBe('SUCCESS');
    expect(deviceStateOf([skipped('FAILED')])).toBe('FAILURE');
  });

  it('counts each device once in the run', () => {
    const device = (state: string) => ({ nodeId: 1, nodeName: 'PC', state, jobs: [] }) as never;
    expect(
      runCountsOf([
        device('SUCCESS'),
        device('FAILURE'),
        device('EXPIRED'),
        device('SKIPPED_OFFLINE'),
        device('QUEUED'),
      ]),
    ).toEqual({ deviceCount: 5, successCount: 1, failureCount: 2, skippedCount: 1, pendingCount: 1 });
  });
});
