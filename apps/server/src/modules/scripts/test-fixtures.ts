import { randomUUID } from 'node:crypto';
import type { SaveScriptRequest, Script } from '@rmm/domain';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/helpers.ts';

/** Test data for the script library: unique names, overridable fields. */

export const createScriptInput = (overrides: Partial<SaveScriptRequest> = {}): SaveScriptRequest => ({
  name: `Script ${randomUUID().slice(0, 8)}`,
  description: 'A test script',
  category: 'DIAGNOSTICS',
  language: 'sh',
  operatingSystems: ['LINUX', 'MAC'],
  code: 'for a in "$@"; do printf "[%s]\\n" "$a"; done',
  parameters: [],
  ...overrides,
});

/** A library script created through the API (201). */
export const createLibraryScript = async (ctx: TestContext, overrides: Partial<SaveScriptRequest> = {}) => {
  const response = await ctx.request('POST', '/scripts', createScriptInput(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { script: Script }).script;
};
