import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { backupLoadErrorView, queryLoadErrorView, reasonOf } from './load-error.ts';

describe('spec §8 "Backup loading error"', () => {
  const failure = new ApiError(500, 'INTERNAL', 'The database is away.');
  const forbidden = new ApiError(403, 'FORBIDDEN', 'You may not.');

  it('says nothing without an error', () => {
    expect(backupLoadErrorView({ error: null, hasData: false })).toBe('none');
  });

  it('is shown when the first load fails', () => {
    expect(backupLoadErrorView({ error: failure, hasData: false })).toBe('message');
    expect(backupLoadErrorView({ error: new TypeError('Failed to fetch'), hasData: false })).toBe('message');
  });

  it('is not shown on 403, with or without earlier data', () => {
    expect(backupLoadErrorView({ error: forbidden, hasData: false })).toBe('forbidden');
    expect(backupLoadErrorView({ error: forbidden, hasData: true })).toBe('forbidden');
  });

  it('is silent when a poll fails while earlier data is shown', () => {
    expect(backupLoadErrorView({ error: failure, hasData: true })).toBe('silent');
  });

  it('counts a previous page kept on screen as no data of this query', () => {
    expect(
      queryLoadErrorView({ isError: true, error: failure, data: { data: [] }, isPlaceholderData: true }),
    ).toBe('message');
    expect(
      queryLoadErrorView({ isError: true, error: failure, data: { data: [] }, isPlaceholderData: false }),
    ).toBe('silent');
    expect(queryLoadErrorView({ isError: false, error: null, data: undefined })).toBe('none');
  });
});

describe('the reason of a failed backup call', () => {
  it('drops the spec text the server puts ahead of it', () => {
    const text = 'Error clearing backup job';
    expect(
      reasonOf(new ApiError(409, 'X', `${text}: Only a finished backup job can be cleared.`), text),
    ).toBe('Only a finished backup job can be cleared.');
    expect(reasonOf(new ApiError(409, 'X', 'Plain reason'), text)).toBe('Plain reason');
    expect(reasonOf(new ApiError(500, 'X', text), text)).toBeUndefined();
    expect(reasonOf('not an error', text)).toBeUndefined();
  });
});
