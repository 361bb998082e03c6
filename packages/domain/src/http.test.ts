import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorBody } from './http.ts';
import { readErrorBody } from './http-errors.ts';

describe('readErrorBody', () => {
  it('reads a server error body, with and without its resultCode', () => {
    expect(readErrorBody({ error: { code: 'NOT_FOUND', message: 'Not found.' } })).toEqual({
      error: { code: 'NOT_FOUND', message: 'Not found.' },
    });
    expect(
      readErrorBody({ error: { code: 'X', message: 'y' }, resultCode: 'NO_USABLE_MAC_ADRESSES' })?.resultCode,
    ).toBe('NO_USABLE_MAC_ADRESSES');
    expect(readErrorBody('<html>')).toBeUndefined();
    expect(readErrorBody({ error: { code: 5, message: 'y' } })).toBeUndefined();
  });

  it('accepts exactly what the ErrorBody schema accepts', () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.constant(undefined), fc.constant(null));
    const bodies = fc.oneof(
      fc.anything(),
      fc.record(
        { error: fc.record({ code: value, message: value }), resultCode: value },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(bodies, (body) => {
        const parsed = ErrorBody.safeParse(body);
        expect(readErrorBody(body)).toEqual(parsed.success ? parsed.data : undefined);
      }),
    );
  });
});
