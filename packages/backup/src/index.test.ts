import { expect, it } from 'vitest';
import * as backup from './index.ts';

it('is a module', () => {
  expect(backup).toBeTypeOf('object');
});
