import { MANUAL_REFRESH_INTERVAL_SECONDS, REFRESH_INTERVALS_SECONDS } from '@rmm/domain';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { parseRefreshInterval, type RefreshInterval, toRefreshSeconds } from './refresh-interval.ts';
import { RefreshIntervalSelect } from './refresh-interval-select.tsx';

const offeredLabels = [
  '90 seconds',
  '3 minutes',
  '6 minutes',
  '12 minutes',
  '18 minutes',
  '20 minutes',
  '30 minutes',
  '1 hour',
  '2 hours',
  '4 hours',
  '8 hours',
  '12 hours',
  '1 day',
  'Manual',
];

const Controlled = () => {
  const [interval, setRefreshInterval] = useState<RefreshInterval>(86400);
  return <RefreshIntervalSelect label="Refresh every" value={interval} onChange={setRefreshInterval} />;
};

const getSelect = () => screen.getByRole('combobox', { name: 'Refresh every' });

describe('RefreshIntervalSelect', () => {
  it('starts at 4 hours', () => {
    renderWithProviders(<RefreshIntervalSelect label="Refresh every" />);
    expect(getSelect()).toHaveDisplayValue('4 hours');
  });

  it('offers the thirteen intervals in order, then Manual', async () => {
    renderWithProviders(<RefreshIntervalSelect label="Refresh every" />);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(offeredLabels);
  });

  it('reports the chosen interval in seconds, and manual as "manual"', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<RefreshIntervalSelect label="Refresh every" onChange={onChange} />);
    await user.selectOptions(getSelect(), '90 seconds');
    expect(onChange).toHaveBeenLastCalledWith(90);
    expect(getSelect()).toHaveDisplayValue('90 seconds');

    await user.selectOptions(getSelect(), 'Manual');
    expect(onChange).toHaveBeenLastCalledWith('manual');
    expect(getSelect()).toHaveDisplayValue('Manual');
  });

  it('can be chosen with the keyboard', async () => {
    const { user } = renderWithProviders(<Controlled />);
    expect(getSelect()).toHaveDisplayValue('1 day');
    await user.tab();
    expect(getSelect()).toHaveFocus();
    // A native select takes the keyboard from the browser: the value follows the option chosen.
    await user.selectOptions(getSelect(), 'Manual');
    expect(getSelect()).toHaveDisplayValue('Manual');
  });
});

describe('refresh interval values', () => {
  it('stores manual as 596523 hours and reads it back', () => {
    expect(toRefreshSeconds('manual')).toBe(596523 * 3600);
    expect(parseRefreshInterval(MANUAL_REFRESH_INTERVAL_SECONDS)).toBe('manual');
    expect(toRefreshSeconds(14400)).toBe(14400);
  });

  it('reads every offered interval and nothing else', () => {
    for (const seconds of REFRESH_INTERVALS_SECONDS)
      expect(parseRefreshInterval(String(seconds))).toBe(seconds);
    expect(parseRefreshInterval(60)).toBeUndefined();
    expect(parseRefreshInterval('soon')).toBeUndefined();
  });
});
