import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('settings from the environment', () => {
  it('writes text-message codes to the log in the demo only, unless SMS_SENDER says otherwise', () => {
    expect(loadConfig({}).smsSender).toBe('log');
    expect(loadConfig({ DEMO: '0' }).smsSender).toBeUndefined();
    expect(loadConfig({ DEMO: '0', SMS_SENDER: 'log' }).smsSender).toBe('log');
    expect(() => loadConfig({ SMS_SENDER: 'carrier-pigeon' })).toThrow(/SMS_SENDER must be twilio or log/);
  });

  it('mails demo requests only to a valid DEMO_REQUEST_EMAIL, from MAIL_FROM or no-reply at the console', () => {
    expect(loadConfig({}).demoRequestEmail).toBeUndefined();
    expect(loadConfig({ DEMO_REQUEST_EMAIL: ' sales@vendor.test ' }).demoRequestEmail).toBe(
      'sales@vendor.test',
    );
    expect(() => loadConfig({ DEMO_REQUEST_EMAIL: 'sales@' })).toThrow(/DEMO_REQUEST_EMAIL must be an email/);
    expect(loadConfig({ PUBLIC_URL: 'https://rmm.msp.test' }).mailFrom).toBe('no-reply@rmm.msp.test');
    expect(loadConfig({ MAIL_FROM: 'RMM <rmm@msp.test>' }).mailFrom).toBe('RMM <rmm@msp.test>');
    expect(loadConfig({ SMTP_URL: 'smtp://mail.msp.test:587' }).smtpUrl).toBe('smtp://mail.msp.test:587');
  });
});
