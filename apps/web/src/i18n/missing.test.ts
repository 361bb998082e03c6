import { afterEach, describe, expect, it, vi } from 'vitest';
import { areaStrings } from './area-strings.ts';
import { en } from './en.ts';
import { i18n } from './index.ts';

afterEach(() => vi.restoreAllMocks());

describe('the catalog split', () => {
  it('reports a string that is missing when shown, so browser tests fail on it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    i18n.t('noSuchArea.noSuchString');
    expect(error).toHaveBeenCalledWith('Missing console string: noSuchArea.noSuchString');
  });

  it('keeps each key in one place: the first load or the on-demand areas', () => {
    expect(Object.keys(areaStrings).filter((key) => key in en)).toEqual([]);
    expect(Object.keys(en)).toEqual(
      expect.arrayContaining(['dashboard.title', 'auth.signIn', 'devices.status.UP']),
    );
  });
});
