import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allPermissions } from '@rmm/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { createToken } from '../enrollment/service.ts';
import { countOrganizations } from '../organizations/repository.ts';
import { createOrganization } from '../organizations/service.ts';
import { findFirstLocation, findFirstUser, findOrganizationByName } from './repository.ts';

export const DEMO_ORGANIZATION = 'Demo organization';
const agentMain = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../agent/src/main.ts');

/** The first administrator acts for the demo seed, so its activities name a real user. */
const systemActor = async (db: Db): Promise<Actor> => {
  const row = await findFirstUser(db);
  if (!row) throw new Error('no administrator to seed the demo with');
  return { ...row, permissions: new Set(allPermissions), scope: 'all', via: 'session' };
};

/**
 * A token for this machine's demo agent: on the first start the demo organization is created; on
 * later starts the agent reuses its stored identity and needs none. Undefined when the demo
 * organization was deleted, so a removed demo stays removed.
 */
export const demoEnrollmentToken = async ({
  db,
  stateDir,
}: {
  db: Db;
  stateDir: string;
}): Promise<string | undefined> => {
  if (fs.existsSync(path.join(stateDir, 'identity.json'))) return undefined;
  const actor = await systemActor(db);
  let demo = await findOrganizationByName(db, DEMO_ORGANIZATION);
  if (!demo && (await countOrganizations(db, 'all')) === 0) {
    const created = await createOrganization({
      db,
      actor,
      input: {
        name: DEMO_ORGANIZATION,
        description: 'Created on the first start, with this machine enrolled through a real agent.',
        nodeApprovalMode: 'AUTOMATIC',
        locations: [{ name: 'Main office', address: '', description: '' }],
      },
    });
    demo = await findOrganizationByName(db, created.name);
  }
  if (!demo) return undefined;
  const location = await findFirstLocation(db, demo.id);
  const { token } = await createToken({
    db,
    actor,
    input: { organizationId: demo.id, locationId: location?.id, ttlHours: 1 },
  });
  return token;
};

/** Runs the real agent for this machine as a child process; it stops with the server. */
export const startDemoAgent = (options: {
  serverUrl: string;
  stateDir: string;
  token: string | undefined;
  log: FastifyBaseLogger;
}): ChildProcess => {
  const args = ['--import', 'tsx', agentMain, '--server', options.serverUrl, '--state-dir', options.stateDir];
  if (options.token) args.push('--token', options.token);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      options.log.info({ demoAgent: true }, line);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  child.on('exit', (code, signal) => options.log.info({ code, signal }, 'demo agent stopped'));
  return child;
};
