import { describe, expect, it } from 'vitest';
import {
  countedQuantityText,
  defaultQuantityModeOf,
  isCountedQuantitySource,
  licenseDriftOf,
} from './agreement-quantities.ts';
import { AgreementProductInput } from './agreements.ts';

describe('quantity modes', () => {
  it('counts devices, end users and backup by default, and bills everything else as typed', () => {
    expect(
      ['DEVICES', 'END_USERS', 'BACKUP_DEVICES', 'BACKUP_STORAGE_GB'].map(defaultQuantityModeOf),
    ).toEqual(['COUNTED', 'COUNTED', 'COUNTED', 'COUNTED']);
    expect([defaultQuantityModeOf('TIME_ENTRIES'), defaultQuantityModeOf(null)]).toEqual(['FIXED', 'FIXED']);
    expect(isCountedQuantitySource('TIME_ENTRIES')).toBe(false);
  });

  it('leaves the mode out of an agreement product unless it is sent', () => {
    expect(AgreementProductInput.parse({ productId: 1 })).toEqual({ productId: 1, quantity: 1, price: null });
    expect(AgreementProductInput.parse({ productId: 1, quantityMode: 'FIXED' }).quantityMode).toBe('FIXED');
    expect(AgreementProductInput.safeParse({ productId: 1, quantityMode: 'AUTO' }).success).toBe(false);
  });

  it('says a count with its unit', () => {
    expect(countedQuantityText('DEVICES', '1')).toBe('1 device');
    expect(countedQuantityText('DEVICES', '12')).toBe('12 devices');
    expect(countedQuantityText('END_USERS', '0')).toBe('0 end users');
    expect(countedQuantityText('BACKUP_DEVICES', '2')).toBe('2 backed-up devices');
    expect(countedQuantityText('BACKUP_STORAGE_GB', '1.13')).toBe('1.13 GB');
  });
});

describe('license drift of one source', () => {
  it('compares FIXED quantities with the count', () => {
    expect(licenseDriftOf('DEVICES', { fixed: '5', countedLines: 0, deployed: '2' })).toEqual({
      source: 'DEVICES',
      billed: 5,
      deployed: 2,
      countedLines: 0,
      difference: -3,
    });
  });

  it('has no difference for one COUNTED product: it bills the count', () => {
    expect(licenseDriftOf('DEVICES', { fixed: '0', countedLines: 1, deployed: '12' })).toMatchObject({
      billed: 12,
      difference: 0,
    });
  });

  it('shows a FIXED product beside a COUNTED one, or two COUNTED ones, as over-billed', () => {
    expect(licenseDriftOf('END_USERS', { fixed: '2', countedLines: 1, deployed: '7' })).toMatchObject({
      billed: 9,
      difference: -2,
    });
    expect(licenseDriftOf('END_USERS', { fixed: '0', countedLines: 2, deployed: '7' })).toMatchObject({
      billed: 14,
      difference: -7,
    });
  });

  it('works on storage exactly at 2 places (0.1 + 0.2 is 0.3)', () => {
    expect(licenseDriftOf('BACKUP_STORAGE_GB', { fixed: '1', countedLines: 0, deployed: '1.30' })).toEqual({
      source: 'BACKUP_STORAGE_GB',
      billed: 1,
      deployed: 1.3,
      countedLines: 0,
      difference: 0.3,
    });
    expect(
      licenseDriftOf('BACKUP_STORAGE_GB', { fixed: '0', countedLines: 3, deployed: '0.10' }),
    ).toMatchObject({ billed: 0.3, difference: -0.2 });
  });
});
