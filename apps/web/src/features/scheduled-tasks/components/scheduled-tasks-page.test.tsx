import { allPermissions } from '@rmm/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meAnswer } from '../../../test/job-factories.ts';
import { mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createScheduledTask, pageOf } from '../../../test/scheduled-task-factories.ts';
import { ScheduledTasksPage } from './scheduled-tasks-page.tsx';

vi.mock('../user-time-zone.ts', () => ({ userTimeZone: () => 'Europe/Berlin' }));
afterEach(() => vi.unstubAllGlobals());

const openList = (url = '/administration/tasks') =>
  renderRoute(<ScheduledTasksPage />, { path: '/administration/tasks', url });

describe('the scheduled tasks list', { timeout: 30_000 }, () => {
  it('shows each task’s schedule, targets and next run in the user’s zone, and acts on a row', async () => {
    const daily = createScheduledTask({
      id: 3,
      name: 'Clean temp',
      schedule: { ...createScheduledTask().schedule, timeZone: 'Europe/Berlin' },
      targets: { deviceIds: [1, 2], searchIds: [4], organizationIds: [] },
      nextRunAt: '2026-11-26T16:00:00.000Z',
      lastRunAt: '2026-11-25T16:00:00.000Z',
    });
    const weekly = createScheduledTask({
      id: 4,
      name: 'Patch report',
      schedule: {
        ...createScheduledTask().schedule,
        scheduleType: 'WEEKLY',
        weekDays: ['FRIDAY', 'MONDAY'],
        scheduleHour: 9,
        scheduleMinute: 30,
      },
      targets: { deviceIds: [], searchIds: [], organizationIds: [8] },
      nextRunAt: null,
    });
    const startup = createScheduledTask({
      id: 5,
      name: 'Inventory at boot',
      schedule: { ...createScheduledTask().schedule, scheduleType: 'ON_SYSTEM_STARTUP' },
      nextRunAt: null,
    });
    const fetchMock = mockFetch({
      'GET /auth/me': meAnswer([...allPermissions]),
      'GET /scheduled-tasks': pageOf([daily, weekly, startup]),
      'PUT /scheduled-tasks/3': ({ body }: { body: object }) => ({ task: { ...daily, ...body } }),
      'POST /scheduled-tasks/4/run': { ok: true },
      'DELETE /scheduled-tasks/5': { ok: true },
    });
    const { user } = openList();
    const table = await screen.findByRole('table');
    const cells = (name: string) =>
      within(within(table).getByRole('link', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Clean temp').slice(1, 6)).toEqual([
      'Daily at 17:00 (Europe/Berlin)',
      '2 devices, 1 group',
      '',
      'Thu 2026-11-26 17:00',
      'Wed 2026-11-25 17:00',
    ]);
    expect(cells('Patch report').slice(1, 3)).toEqual([
      'Weekly on Mon, Fri at 09:30 (UTC)',
      '1 organization',
    ]);
    expect(cells('Inventory at boot')[1]).toBe('At system startup');
    expect(screen.getByText('Times in Europe/Berlin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New task' })).toHaveAttribute(
      'href',
      '/editor/scheduledTask/new',
    );

    await user.click(screen.getByRole('switch', { name: 'Enable Clean temp' }));
    await waitFor(() => expect(requestBodies(fetchMock, 'PUT /scheduled-tasks/3')).toHaveLength(1));
    expect(requestBodies(fetchMock, 'PUT /scheduled-tasks/3')[0]).toMatchObject({
      name: 'Clean temp',
      enabled: false,
      targets: { deviceIds: [1, 2], searchIds: [4], organizationIds: [] },
      actions: [{ scriptId: 5, parameters: [] }],
    });

    await user.click(screen.getByRole('button', { name: 'Run Patch report now' }));
    await waitFor(() => expect(requestBodies(fetchMock, 'POST /scheduled-tasks/4/run')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Delete Inventory at boot' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the task “Inventory at boot”?' });
    expect(requestBodies(fetchMock, 'DELETE /scheduled-tasks/5')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requestBodies(fetchMock, 'DELETE /scheduled-tasks/5')).toHaveLength(1));
  });
});
