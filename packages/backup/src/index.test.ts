import { expect, it } from 'vitest';
import * as strata from './index.ts';

it('offers the engine through one entry point', () => {
  for (const name of [
    'Repository',
    'LocalBackend',
    'backup',
    'restore',
    'extract',
    'check',
    'forget',
    'prune',
    'copy',
    'throttled',
  ]) {
    expect(strata, name).toHaveProperty(name);
  }
});
