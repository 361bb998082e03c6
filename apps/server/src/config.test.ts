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

  it('keeps cloud backups in an S3-compatible bucket when BACKUP_S3_BUCKET is set, else in a folder', () => {
    expect(loadConfig({}).backupS3).toBeUndefined();
    expect(
      loadConfig({
        BACKUP_S3_BUCKET: 'msp-backups',
        BACKUP_S3_ENDPOINT: 'https://minio.msp.test:9000',
        BACKUP_S3_REGION: 'eu-west-3',
        BACKUP_S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        BACKUP_S3_SECRET_ACCESS_KEY: 'secret',
        BACKUP_S3_FORCE_PATH_STYLE: 'true',
        BACKUP_S3_PREFIX: '/rmm/strata/',
      }).backupS3,
    ).toEqual({
      bucket: 'msp-backups',
      endpoint: 'https://minio.msp.test:9000',
      region: 'eu-west-3',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'rmm/strata/',
      timeoutMs: 60_000,
      maxAttempts: 3,
      listPageSize: 1000,
    });
    // AWS itself, with the SDK's own credentials (an instance role)
    expect(loadConfig({ BACKUP_S3_BUCKET: 'b' }).backupS3).toMatchObject({
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      forcePathStyle: false,
      prefix: '',
    });
    expect(() => loadConfig({ BACKUP_S3_ENDPOINT: 'https://minio.test' })).toThrow(
      /BACKUP_S3_ENDPOINT is set but BACKUP_S3_BUCKET is not/,
    );
    expect(() => loadConfig({ BACKUP_S3_BUCKET: 'b', BACKUP_S3_ACCESS_KEY_ID: 'AKID' })).toThrow(
      /set together, or neither/,
    );
    expect(() => loadConfig({ BACKUP_S3_BUCKET: 'b', BACKUP_S3_ENDPOINT: 'minio:9000' })).toThrow(
      /must be an http\(s\) URL/,
    );
  });
});
