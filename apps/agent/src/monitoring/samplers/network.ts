import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { AgentCondition } from '@rmm/domain';
import { clip } from '../../collectors/text.ts';
import { msOf } from '../settings.ts';
import { type Check, ConditionNotSampledError, type SamplerContext } from '../types.ts';
import { minutesMs, parametersOf, round2 } from './parameters.ts';

const DAY_MS = 86_400_000;
export const PING_COUNT = 4;
/** The part of an HTTP answer read for the keyword. */
export const HTTP_BODY_LIMIT = 1024 * 1024;

const refuseOption = (host: string) => {
  if (host.startsWith('-')) throw new ConditionNotSampledError(`"${host}" is not a host name`);
};

// ---- PING ----

export type PingResult = { lossPercent: number; averageMs: number | null };

/**
 * The summary of the system's ping: iputils and BusyBox ("0% packet loss", "rtt|round-trip min/avg/max... =
 * a/b/c"), macOS ("0.0% packet loss"), Windows ("(0% loss)", "Average = 1ms"). Nothing readable: all lost.
 */
export const parsePing = (stdout: string): PingResult => {
  const loss = /([\d.]+)% (?:packet )?loss/.exec(stdout)?.[1];
  const unixAverage = /(?:rtt|round-trip) [\w/]+ = [\d.]+\/([\d.]+)\//.exec(stdout)?.[1];
  const windowsAverage = /Average = (\d+)ms/.exec(stdout)?.[1];
  const average = unixAverage ?? windowsAverage;
  const lossPercent = loss === undefined ? 100 : Number(loss);
  return {
    lossPercent,
    averageMs: average === undefined || lossPercent >= 100 ? null : Number(average),
  };
};

export const pingArgs = (platform: NodeJS.Platform, host: string, timeoutSeconds: number) => {
  const wait = Math.max(1, Math.round(timeoutSeconds));
  if (platform === 'win32') return ['-n', String(PING_COUNT), '-w', String(wait * 1000), host];
  if (platform === 'darwin') return ['-c', String(PING_COUNT), '-W', String(wait * 1000), host];
  return ['-c', String(PING_COUNT), '-W', String(wait), '-n', host];
};

/** PING_COUNT echo requests with the system's ping (ICMP needs privileges Node does not have). */
export const pingCheck = (condition: AgentCondition, context: SamplerContext): Check => {
  const p = parametersOf(condition, 'PING');
  refuseOption(p.host);
  const timeoutSeconds = context.settings.probeTimeoutSeconds;
  return {
    intervalMs: msOf(context.settings, p.intervalSeconds),
    durationMs: minutesMs(context.settings.secondMs, p.durationMinutes),
    sample: async () => {
      const result = await context.sources.run(
        'ping',
        pingArgs(context.platform, p.host, timeoutSeconds),
        (timeoutSeconds + PING_COUNT + 5) * 1000,
      );
      const { lossPercent, averageMs } = parsePing(result.stdout);
      const isLossy = lossPercent >= p.packetLossPercent;
      const isSlow = p.maxLatencyMs > 0 && averageMs !== null && averageMs > p.maxLatencyMs;
      return [
        {
          instance: '',
          breached: isLossy || isSlow,
          value: averageMs,
          text: `${p.host}: ${lossPercent}% lost${averageMs === null ? '' : `, average ${averageMs} ms`}${
            isSlow ? ` (above ${p.maxLatencyMs} ms)` : ''
          }`,
        },
      ];
    },
  };
};

// ---- HTTP ----

export type HttpProbeResult =
  | {
      ok: true;
      status: number;
      latencyMs: number;
      body: string;
      /** Days until the certificate expires (https), else null. */
      certificateDaysLeft: number | null;
      certificateProblem: string | null;
    }
  | { ok: false; error: string };

/** One GET (no redirects followed): the status, the time to the answer's headers, the body's first MiB, the certificate. */
export const probeHttp = (url: string, timeoutMs: number, now: () => Date): Promise<HttpProbeResult> =>
  new Promise((resolve) => {
    const started = performance.now();
    const isHttps = url.toLowerCase().startsWith('https:');
    const get = isHttps ? https.get : http.get;
    const request = get(
      url,
      {
        timeout: timeoutMs,
        agent: false,
        // The certificate is looked at, not trusted: a self-signed one still gets its status and expiry checked.
        ...(isHttps ? { rejectUnauthorized: false } : {}),
        headers: { 'user-agent': 'rmm-agent-monitor', connection: 'close' },
      },
      (response) => {
        const latencyMs = Math.round(performance.now() - started);
        let certificateDaysLeft: number | null = null;
        let certificateProblem: string | null = null;
        if (isHttps) {
          const socket = response.socket as TLSSocket;
          const certificate = socket.getPeerCertificate?.();
          if (certificate?.valid_to)
            certificateDaysLeft = Math.floor((Date.parse(certificate.valid_to) - now().getTime()) / DAY_MS);
          if (!socket.authorized) certificateProblem = String(socket.authorizationError ?? 'not trusted');
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          request.destroy();
          resolve({
            ok: true,
            status: response.statusCode ?? 0,
            latencyMs,
            body: Buffer.concat(chunks).toString('utf8'),
            certificateDaysLeft,
            certificateProblem,
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (size >= HTTP_BODY_LIMIT) return;
          chunks.push(chunk.subarray(0, HTTP_BODY_LIMIT - size));
          size += chunk.length;
          if (size >= HTTP_BODY_LIMIT) finish();
        });
        response.on('end', finish);
        response.on('error', finish);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error) => resolve({ ok: false, error: error.message }));
  });

export const httpCheck = (condition: AgentCondition, context: SamplerContext): Check => {
  const p = parametersOf(condition, 'HTTP');
  const timeoutMs = msOf(context.settings, context.settings.probeTimeoutSeconds);
  return {
    intervalMs: msOf(context.settings, p.intervalSeconds),
    durationMs: minutesMs(context.settings.secondMs, p.durationMinutes),
    sample: async () => {
      const result = await probeHttp(p.url, timeoutMs, context.now);
      if (!result.ok)
        return [{ instance: '', breached: true, value: null, text: clip(`${p.url}: ${result.error}`, 2000) }];
      const problems: string[] = [];
      if (!p.expectStatus.includes(result.status))
        problems.push(`status ${result.status}, expected ${p.expectStatus.join(' or ')}`);
      if (p.keyword) {
        const found = result.body.includes(p.keyword);
        if (found !== p.keywordMustAppear)
          problems.push(`"${p.keyword}" ${found ? 'appears' : 'does not appear'}`);
      }
      if (p.maxLatencyMs > 0 && result.latencyMs > p.maxLatencyMs)
        problems.push(`answered in ${result.latencyMs} ms, above ${p.maxLatencyMs} ms`);
      if (
        p.certificateExpiryDays > 0 &&
        result.certificateDaysLeft !== null &&
        result.certificateDaysLeft < p.certificateExpiryDays
      )
        problems.push(`certificate expires in ${result.certificateDaysLeft} day(s)`);
      const facts = [
        `status ${result.status}`,
        `${result.latencyMs} ms`,
        ...(result.certificateDaysLeft === null
          ? []
          : [`certificate ${result.certificateDaysLeft} day(s) left`]),
        ...(result.certificateProblem ? [`certificate ${result.certificateProblem}`] : []),
      ];
      return [
        {
          instance: '',
          breached: problems.length > 0,
          value: round2(result.latencyMs),
          text: clip(
            `${p.url}: ${problems.length ? problems.join('; ') : 'as expected'} (${facts.join(', ')})`,
            2000,
          ),
        },
      ];
    },
  };
};

// ---- PORTS ----

/** A TCP connect: the time it took, or the error (refused, timed out, no route). */
export const probeTcp = (host: string, port: number, timeoutMs: number) =>
  new Promise<{ isOpen: true; ms: number } | { isOpen: false; error: string }>((resolve) => {
    const started = performance.now();
    const socket = net.connect({ host, port });
    socket.setTimeout(timeoutMs);
    socket.once('connect', () => {
      socket.destroy();
      resolve({ isOpen: true, ms: Math.round(performance.now() - started) });
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve({ isOpen: false, error: `no answer within ${timeoutMs} ms` });
    });
    socket.once('error', (error) => resolve({ isOpen: false, error: error.message }));
  });

export const portCheck = (condition: AgentCondition, context: SamplerContext): Check => {
  const p = parametersOf(condition, 'PORTS');
  const timeoutMs = msOf(context.settings, context.settings.probeTimeoutSeconds);
  return {
    intervalMs: msOf(context.settings, p.intervalSeconds),
    durationMs: minutesMs(context.settings.secondMs, p.durationMinutes),
    sample: async () => {
      const result = await probeTcp(p.host, p.port, timeoutMs);
      const where = `${p.host}:${p.port}`;
      return [
        {
          instance: '',
          breached: p.trigger === 'CLOSED' ? !result.isOpen : result.isOpen,
          value: result.isOpen ? result.ms : null,
          text: result.isOpen ? `${where} open (${result.ms} ms)` : `${where} closed: ${result.error}`,
        },
      ];
    },
  };
};
