import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('settings from the environment', () => {
  it('writes text-message codes to the log in the demo only, unless SMS_SENDER says otherwise', () => {
    expect(loadConfig({}).smsSender).toBe('log');
    expect(loadConfig({ DEMO: '0' }).smsSender).toBeUndefined();
    expect(loadConfig({ DEMO: '0', SMS_SENDER: 'log' }).smsSender).toBe('log');
    expect(() => loadConfig({ SMS_SENDER: 'carrier-pigeon' })).toThrow(/SMS_SENDER must be twilio or log/);
  });
});
