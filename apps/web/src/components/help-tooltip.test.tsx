import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer, mockFetch, requestBodies } from '../test/mock-fetch.ts';
import { renderRoute } from '../test/render-route.tsx';
import { HelpTooltip } from './help-tooltip.tsx';

afterEach(() => vi.unstubAllGlobals());

const openScreen = () =>
  renderRoute(
    <HelpTooltip id="deviceSearch.criteria" title="Find devices">
      Type part of a name.
    </HelpTooltip>,
    { path: '/', url: '/' },
  );

describe('a help tooltip', () => {
  it('shows its hint until "Got it", which saves the dismissal for the user', async () => {
    const fetchMock = mockFetch({
      'GET /help/tooltips': { dismissed: ['scheduledTasks.list'] },
      'PUT /help/tooltips': ({ body }: { body: unknown }) => body,
    });
    const { user } = openScreen();
    expect(await screen.findByText('Type part of a name.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByText('Type part of a name.')).not.toBeInTheDocument());
    expect(requestBodies(fetchMock, 'PUT /help/tooltips')).toEqual([
      { dismissed: ['scheduledTasks.list', 'deviceSearch.criteria'] },
    ]);
  });

  it('is not shown once dismissed', async () => {
    const fetchMock = mockFetch({ 'GET /help/tooltips': { dismissed: ['deviceSearch.criteria'] } });
    const { queryClient } = openScreen();
    await waitFor(() => expect(queryClient.getQueryState(['helpTooltips'])?.status).toBe('success'));
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.queryByText('Type part of a name.')).not.toBeInTheDocument();
  });

  it('says so when the dismissal cannot be saved, and keeps the hint', async () => {
    mockFetch({
      'GET /help/tooltips': { dismissed: [] },
      'PUT /help/tooltips': () => errorAnswer(500, 'INTERNAL', 'Something went wrong on the server.'),
    });
    const { user } = openScreen();
    await user.click(await screen.findByRole('button', { name: 'Got it' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to save help tooltip status');
    expect(screen.getByText('Type part of a name.')).toBeInTheDocument();
  });
});
