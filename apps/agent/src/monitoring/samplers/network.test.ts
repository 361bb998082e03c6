import { execFileSync } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanUpMonitoringTests,
  condition,
  fastSettings,
  onClose,
  samplerContext,
  tempDir,
} from '../test-support.ts';
import { httpCheck, portCheck } from './network.ts';
import { scriptResultCheck } from './script.ts';
import { syslogCheck } from './syslog.ts';

// Network probes against servers this test starts on the loopback, and a library script run by the agent.

afterEach(cleanUpMonitoringTests);

const listen = async (server: http.Server | https.Server | net.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onClose(() => server.close());
  return (server.address() as net.AddressInfo).port;
};

/** A self-signed certificate for localhost that expires in `days` days (openssl, as an administrator makes one). */
const selfSigned = (days: number) => {
  const dir = tempDir('rmm-monitoring-tls-');
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'].concat([
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      String(days),
      '-subj',
      '/CN=localhost',
    ]),
    { stdio: 'ignore' },
  );
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
};

describe('HTTP', () => {
  it('checks the status, a keyword and the latency of a local server', async () => {
    let status = 200;
    let delayMs = 0;
    const server = http.createServer((_request, response) => {
      setTimeout(() => {
        response.writeHead(status, { 'content-type': 'text/html' });
        response.end('<html><body>All systems operational</body></html>');
      }, delayMs);
    });
    const port = await listen(server);
    const url = `http://127.0.0.1:${port}/health`;
    // A probe waits 5 s here (500 parameter seconds of 10 ms).
    const context = samplerContext({ settings: fastSettings({ probeTimeoutSeconds: 500 }) });
    const check = httpCheck(
      condition('HTTP', { url, keyword: 'operational', maxLatencyMs: 300, durationMinutes: 1 }),
      context,
    );
    const [ok] = await check.sample();
    expect(ok).toMatchObject({ breached: false });
    expect(ok!.text).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/health: as expected \(status 200, \d+ ms\)$/);

    status = 503;
    expect((await check.sample())[0]!.text).toContain('status 503, expected 200');
    status = 200;
    delayMs = 500;
    const [slow] = await check.sample();
    expect(slow).toMatchObject({ breached: true });
    expect(slow!.value).toBeGreaterThanOrEqual(500);
    expect(slow!.text).toMatch(/answered in \d+ ms, above 300 ms/);

    delayMs = 0;
    const absent = httpCheck(
      condition('HTTP', { url, keyword: 'operational', keywordMustAppear: false, durationMinutes: 1 }),
      context,
    );
    expect((await absent.sample())[0]!.text).toContain('"operational" appears');
    server.close();
    const [down] = await check.sample();
    expect(down).toMatchObject({ breached: true, value: null });
    expect(down!.text).toContain('ECONNREFUSED');
  });

  it('reads the days left of a self-signed certificate', async () => {
    const server = https.createServer(selfSigned(10), (_request, response) => response.end('ok'));
    const port = await listen(server);
    const url = `https://localhost:${port}/`;
    const context = samplerContext();
    const soon = httpCheck(
      condition('HTTP', { url, certificateExpiryDays: 30, durationMinutes: 1 }),
      context,
    );
    const [expiring] = await soon.sample();
    expect(expiring).toMatchObject({ breached: true });
    expect(expiring!.text).toMatch(/certificate expires in (9|10) day\(s\)/);
    expect(expiring!.text).toContain('certificate DEPTH_ZERO_SELF_SIGNED_CERT');
    const later = httpCheck(
      condition('HTTP', { url, certificateExpiryDays: 5, durationMinutes: 1 }),
      context,
    );
    expect((await later.sample())[0]).toMatchObject({ breached: false });
  });
});

describe('PORTS', () => {
  it('sees a local port open, then closed', async () => {
    const server = net.createServer((socket) => socket.end());
    const port = await listen(server);
    const context = samplerContext();
    const closed = portCheck(
      condition('PORTS', { host: '127.0.0.1', port, trigger: 'CLOSED', durationMinutes: 1 }),
      context,
    );
    const open = portCheck(
      condition('PORTS', { host: '127.0.0.1', port, trigger: 'OPEN', durationMinutes: 1 }),
      context,
    );
    expect((await closed.sample())[0]).toMatchObject({
      breached: false,
      text: expect.stringMatching(/open \(\d+ ms\)$/),
    });
    expect((await open.sample())[0]).toMatchObject({ breached: true });
    await new Promise((resolve) => server.close(resolve));
    const [down] = await closed.sample();
    expect(down).toMatchObject({ breached: true, value: null });
    expect(down!.text).toContain(`127.0.0.1:${port} closed: connect ECONNREFUSED`);
  });
});

describe('SYSLOG', () => {
  const freeUdpPort = async () => {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const { port } = socket.address();
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    return port;
  };
  const sendTo = async (port: number, text: string) => {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve, reject) =>
      socket.send(text, port, '127.0.0.1', (error) => (error ? reject(error) : resolve())),
    );
    socket.close();
  };

  it('counts matching messages at the severity or worse on its UDP port, shared by two conditions', async () => {
    const port = await freeUdpPort();
    const context = samplerContext();
    const errors = syslogCheck(
      condition('SYSLOG', {
        port,
        textContains: 'link down',
        maxSeverity: 3,
        occurrences: 2,
        windowMinutes: 1,
      }),
      context,
    );
    const anything = syslogCheck(
      condition('SYSLOG', { port, textContains: 'LINK', windowMinutes: 1 }),
      context,
    );
    expect((await errors.sample())[0]).toMatchObject({ breached: false, value: 0 });
    // <187> is local7.err (severity 3), <190> local7.info (6): the info one counts only for the second condition.
    await sendTo(port, '<187>Jan  1 00:00:00 switch1 %LINK-3-UPDOWN: Interface Gi0/1, link down');
    await sendTo(port, '<190>Jan  1 00:00:01 switch1 link down (info)');
    await sendTo(port, '<187>1 2026-01-01T00:00:02Z switch1 ifmgr - - - Interface Gi0/2 link down');
    const [matched] = await (async () => {
      for (let tries = 0; tries < 100; tries++) {
        const readings = await errors.sample();
        if (readings[0]!.breached) return readings;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return errors.sample();
    })();
    expect(matched).toMatchObject({ breached: true, value: 2 });
    expect(matched!.text).toContain(
      'latest: 127.0.0.1: 1 2026-01-01T00:00:02Z switch1 ifmgr - - - Interface Gi0/2 link down',
    );
    expect((await anything.sample())[0]).toMatchObject({ breached: true, value: 3 });
    // The window is one parameter minute (600 ms here): the matches age out and the condition clears.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await errors.sample())[0]).toMatchObject({ breached: false, value: 0 });
    errors.stop?.();
    anything.stop?.();
  });

  it('says when its port cannot be opened', async () => {
    const holder = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => holder.bind(0, resolve));
    onClose(() => holder.close());
    const check = syslogCheck(
      condition('SYSLOG', { port: holder.address().port, textContains: 'x', windowMinutes: 1 }),
      samplerContext(),
    );
    await expect(check.sample()).rejects.toThrow('EADDRINUSE');
  });
});

describe('SCRIPT_RESULT', () => {
  const script = (code: string) => ({ scriptId: 4, version: 2, name: 'Check backups', language: 'sh', code });

  it('runs the library script the server sent and checks its exit code and output', async () => {
    const context = samplerContext();
    const passing = scriptResultCheck(
      condition('SCRIPT_RESULT', {
        scriptId: 4,
        intervalMinutes: 5,
        script: script('echo "all good"; exit 0'),
      }),
      context,
    );
    expect(await passing.sample()).toEqual([
      { instance: '', breached: false, value: 0, text: 'Check backups (version 2): exit code 0\nall good' },
    ]);
    const failing = scriptResultCheck(
      condition('SCRIPT_RESULT', {
        scriptId: 4,
        intervalMinutes: 5,
        successExitCodes: [0, 1],
        script: script('exit 3'),
      }),
      context,
    );
    expect((await failing.sample())[0]).toMatchObject({
      breached: true,
      value: 3,
      text: 'Check backups (version 2): exit code 3',
    });
    const keyword = scriptResultCheck(
      condition('SCRIPT_RESULT', {
        scriptId: 4,
        intervalMinutes: 5,
        outputContains: 'WARNING',
        script: script('echo "WARNING: last backup 3 days old"'),
      }),
      context,
    );
    expect((await keyword.sample())[0]!.text).toContain('the output contains "WARNING"');
    // The script file is removed after each run.
    expect(fs.readdirSync(context.scriptsDir)).toEqual([]);
  });

  it('stops a script that outlives its time, and cannot run without the code', async () => {
    const context = samplerContext();
    context.settings = { ...context.settings, scriptTimeoutSeconds: 30 };
    const hanging = scriptResultCheck(
      condition('SCRIPT_RESULT', { scriptId: 4, intervalMinutes: 5, script: script('sleep 30') }),
      context,
    );
    expect((await hanging.sample())[0]).toMatchObject({
      breached: true,
      text: 'Check backups did not finish within 0.3 s',
    });
    expect(() =>
      scriptResultCheck(condition('SCRIPT_RESULT', { scriptId: 4, intervalMinutes: 5 }), context),
    ).toThrow('the server sent no script code (parameters.script)');
    const credential = scriptResultCheck(
      condition('SCRIPT_RESULT', {
        scriptId: 4,
        intervalMinutes: 5,
        runAs: { kind: 'organizationCredential', credentialId: 9 },
        script: script('true'),
      }),
      context,
    );
    expect((await credential.sample())[0]).toMatchObject({
      breached: true,
      text: expect.stringContaining('did not resolve the credential'),
    });
  });
});
