import { describe, expect, it } from 'vitest';
import { isAllowedDomain, isLoopback, loadTicketMailConfig } from './config.ts';

describe('ticket mail settings', () => {
  it('leave the listener off unless its port is set, on loopback by default', () => {
    expect(loadTicketMailConfig({})).toMatchObject({
      smtpPort: undefined,
      smtpHost: '127.0.0.1',
      domains: [],
    });
    expect(loadTicketMailConfig({ TICKET_MAIL_SMTP_PORT: '2525' }).smtpPort).toBe(2525);
    expect(() => loadTicketMailConfig({ TICKET_MAIL_SMTP_PORT: 'smtp' })).toThrow(/TICKET_MAIL_SMTP_PORT/);
  });

  it('refuse to listen beyond this machine without a certificate, and a certificate without its key', () => {
    expect(() =>
      loadTicketMailConfig({ TICKET_MAIL_SMTP_PORT: '25', TICKET_MAIL_SMTP_HOST: '0.0.0.0' }),
    ).toThrow(/not a loopback address/);
    expect(() => loadTicketMailConfig({ TICKET_MAIL_TLS_CERT: '/etc/cert.pem' })).toThrow(/set together/);
    expect(
      loadTicketMailConfig({
        TICKET_MAIL_SMTP_PORT: '25',
        TICKET_MAIL_SMTP_HOST: '0.0.0.0',
        TICKET_MAIL_TLS_CERT: '/etc/cert.pem',
        TICKET_MAIL_TLS_KEY: '/etc/key.pem',
      }).smtpHost,
    ).toBe('0.0.0.0');
  });

  it('read the allowed domains as a lowercase list', () => {
    const config = loadTicketMailConfig({ TICKET_MAIL_DOMAINS: ' MSP.test, @help.msp.test;other.test ' });
    expect(config.domains).toEqual(['msp.test', 'help.msp.test', 'other.test']);
    expect(isAllowedDomain(config, 'support@help.msp.test')).toBe(true);
    expect(isAllowedDomain(config, 'support@evil.test')).toBe(false);
    expect(isAllowedDomain({ domains: [] }, 'any@where.test')).toBe(true);
  });

  it('know loopback addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', 'localhost'])
      expect(isLoopback(host), host).toBe(true);
    for (const host of ['0.0.0.0', '10.0.0.1', '::', 'mail.msp.test'])
      expect(isLoopback(host), host).toBe(false);
  });
});
