import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Ticket, TicketMailbox } from '@rmm/domain';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { expect } from 'vitest';
import { createOrganizationInput, type TestContext } from '../../../test/helpers.ts';
import { loadTicketMailConfig, type TicketMailConfig } from './config.ts';

/** Ticket mail tests: settings, real SMTP sends to the listener, and the data they need. */

export const unique = () => randomUUID().slice(0, 8);

/** The listener on a free loopback port, for msp.test addresses; no worker tick on a timer. */
export const testTicketMailConfig = (overrides: Partial<TicketMailConfig> = {}): TicketMailConfig => ({
  ...loadTicketMailConfig({}),
  smtpPort: 0,
  domains: ['msp.test'],
  intervalMs: 3_600_000,
  ...overrides,
});

export const newOrganization = async (ctx: TestContext) => {
  const response = await ctx.request('POST', '/organizations', createOrganizationInput());
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
};

export const newMailbox = async (ctx: TestContext, body: Record<string, unknown>) => {
  const response = await ctx.request('POST', '/ticket-mailboxes', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TicketMailbox;
};

export const getTicket = async (ctx: TestContext, id: number) => {
  const response = await ctx.request('GET', `/tickets/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().ticket as Ticket;
};

export const logOf = async (ctx: TestContext, id: number) =>
  (await ctx.request('GET', `/tickets/${id}/log`)).json().data as {
    type: string;
    body?: string;
    isPublic?: boolean;
    actorName: string;
    source: string;
  }[];

/**
 * A self-signed certificate for 127.0.0.1 and localhost made by the `openssl` CLI (an EC key: quick to make),
 * in a folder of its own; `remove` deletes it.
 */
export const selfSignedCertificate = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticket-mail-tls-'));
  const certPath = path.join(dir, 'cert.pem');
  const keyPath = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return {
    certPath,
    keyPath,
    cert: fs.readFileSync(certPath),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
};

/**
 * Sends one message over SMTP to the listener, as a mail server would; the answer or the refusal. In clear
 * by default (a client on this machine may); with `ca`, only over STARTTLS with a certificate that CA signed.
 */
export const sendTo = async (ctx: TestContext, message: Mail.Options, { ca }: { ca?: Buffer } = {}) => {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: ctx.app.ticketMail.listener()!.port,
    secure: false,
    ...(ca ? { requireTLS: true, tls: { ca: [ca] } } : { ignoreTLS: true }),
  });
  try {
    const info = await transport.sendMail(message);
    return { ok: true as const, response: info.response as string };
  } catch (error) {
    const {
      responseCode,
      response,
      message: text,
    } = error as {
      responseCode?: number;
      response?: string;
      message: string;
    };
    return { ok: false as const, responseCode, response: response ?? text };
  } finally {
    transport.close();
  }
};

/** The ticket id of a `250 Ticket #12 created` answer. */
export const ticketIdOf = (answer: { ok: boolean; response?: string }) => {
  expect(answer.ok, answer.response).toBe(true);
  const id = /Ticket #(\d+)/.exec(answer.response ?? '')?.[1];
  expect(id, answer.response).toBeDefined();
  return Number(id);
};
