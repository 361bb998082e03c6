import { describe, expect, it } from 'vitest';
import {
  compareDecimals,
  formatUnits,
  multiplyDecimals,
  roundDecimal,
  sumDecimals,
  toUnits,
} from './money.ts';

describe('exact money', () => {
  it('reads and writes decimals as units', () => {
    expect(toUnits('12.5', 2)).toBe(1250n);
    expect(toUnits('-0.07', 2)).toBe(-7n);
    expect(toUnits('2.345', 2)).toBe(235n);
    expect(toUnits('-2.345', 2)).toBe(-235n);
    expect(formatUnits(5n, 2)).toBe('0.05');
    expect(formatUnits(-1234n, 2)).toBe('-12.34');
    expect(formatUnits(7n, 0)).toBe('7');
    expect(() => toUnits('1e3', 2)).toThrow();
  });

  it('rounds half-up away from zero', () => {
    expect(roundDecimal('0.005', 2)).toBe('0.01');
    expect(roundDecimal('0.0049', 2)).toBe('0.00');
    expect(roundDecimal('-0.005', 2)).toBe('-0.01');
    expect(roundDecimal('1.1', 2)).toBe('1.10');
  });

  it('multiplies exactly where floats do not', () => {
    // 1.005 × 1 is 1.00499999... as a double.
    expect(multiplyDecimals('1.005', '1')).toBe('1.01');
    expect(multiplyDecimals('0.1667', '120.00')).toBe('20.00');
    expect(multiplyDecimals('3', '0.335')).toBe('1.01');
    expect(multiplyDecimals('999999999999999.99', '1')).toBe('999999999999999.99');
    expect(multiplyDecimals('0.0833', '99.99')).toBe('8.33');
  });

  it('sums and compares', () => {
    expect(sumDecimals(['0.10', '0.20', '0.30'])).toBe('0.60');
    expect(compareDecimals('1.50', '1.5')).toBe(0);
    expect(compareDecimals('2', '10')).toBe(-1);
  });
});
