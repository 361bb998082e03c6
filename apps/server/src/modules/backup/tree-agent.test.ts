import { randomUUID } from 'node:crypto';
import {
  apiPaths,
  backupErrorMessages,
  backupTreeDeviceFailed,
  type ServerBackupTreeRequest,
} from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastAgentSettings, listen, waitFor } from '../../../test/agents.ts';
import { createTestApp, ORIGIN, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { agentReplySubject } from '../../bus/subjects.ts';
import { connectAgent, enrolDevice } from '../jobs/test-fixtures.ts';
import { treeTexts } from './agent-job.ts';
import { ensureKeys } from './keys.ts';
import { ensureRepository } from './keys-repository.ts';
import { createPlan, insertRevision } from './test-fixtures.ts';

// The file browser over a revision that is only in a device's local folder: the server asks the device's agent
// (a hand-driven one here, connected to one of two server processes on one database and one bus), which answers
// a page of the folder; the device offline, an agent that does not answer and one that fails each say why.

const FOLDER = '/var/backups/strata';
let ctx: TestContext;
/** Another server process: quick to give up (offline after 300 ms without a process taking the request). */
let other: Awaited<ReturnType<typeof buildApp>>;
let serverUrl: string;
let otherUrl: string;
/** Everything published for agents and their answers, on either process. */
const onTheBus: unknown[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ ...fastAgentSettings });
  serverUrl = await listen(ctx);
  other = await buildApp({
    config: { ...ctx.config, backupTreeDeliveryTimeoutMs: 300, backupTreeTimeoutMs: 100 },
    database: ctx.database,
    secretKey: Buffer.alloc(32, 7),
    logger: false,
    bus: ctx.app.bus,
  });
  await other.listen({ port: 0, host: '127.0.0.1' });
  const address = other.server.address();
  otherUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  ctx.app.bus.subscribe('agent.>', (message) => onTheBus.push(message));
});
afterAll(async () => {
  await other?.close();
  await ctx?.close();
});

type Agent = Awaited<ReturnType<typeof connectAgent>>;

/** A device with a local-only revision of a plan backing up into a folder on the device. */
const setUp = async () => {
  const { organization, identity } = await enrolDevice(ctx, serverUrl);
  const plan = await createPlan(ctx, organization.id, {
    destination: { type: 'LOCAL', path: FOLDER },
    targets: { allDevices: true },
  });
  const repositoryId = await ensureRepository(ctx.db, organization.id, 'LOCAL', FOLDER);
  const revision = await insertRevision(ctx, {
    organizationId: organization.id,
    planId: plan.planId,
    deviceId: identity.deviceId,
    location: 'LOCAL',
    repositoryId,
  });
  return { organization, identity, plan, repositoryId, revisionId: revision.revisionId };
};

/** The agent answers each tree request with what `answer` gives (nothing: it stays silent). */
const answerTrees = (agent: Agent, answer: (request: ServerBackupTreeRequest) => object | undefined) => {
  const asked: ServerBackupTreeRequest[] = [];
  agent.socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message.type !== 'backupTreeRequest') return;
    asked.push(message);
    const body = answer(message);
    if (body)
      agent.send({
        v: 1,
        type: 'backupTreeResult',
        deviceId: agent.deviceId,
        requestId: message.requestId,
        ...body,
      });
  });
  return asked;
};

const entry = (name: string, type: 'file' | 'dir', size = 0) => ({
  name,
  type,
  size,
  mtime: '2030-01-01T00:00:00.000Z',
});
const folders: Record<string, ReturnType<typeof entry>[]> = {
  '/home': [entry('docs', 'dir'), entry('notes.txt', 'file', 2048)],
  '/home/docs': [entry('a.pdf', 'file', 1_048_576)],
};

const treeUrl = (nodeId: number, revisionId: string, query: string) =>
  `${apiPaths.backupRevisionTree(nodeId, revisionId)}?${query}`;

/** The console's call on the other server process. */
const askOther = (url: string) =>
  other.inject({ method: 'GET', url, headers: { cookie: ctx.adminCookie, origin: ORIGIN } });

describe('the file browser of a revision only on its device', () => {
  it('lists the folder through the device’s agent, the repository and key added only on the way to it', async () => {
    const { organization, identity, plan, repositoryId, revisionId } = await setUp();
    const agent = await connectAgent(serverUrl, identity);
    const asked = answerTrees(agent, (request) => {
      const entries = folders[request.path];
      return entries
        ? { entries: entries.slice(request.offset, request.offset + request.limit), total: entries.length }
        : { error: `There is no folder ${request.path} in this revision.`, code: 'PATH_NOT_FOUND' };
    });
    // an answer to a request this connection was never sent goes nowhere
    const forged = randomUUID();
    const forgedReplies: unknown[] = [];
    ctx.app.bus.subscribe(agentReplySubject(forged), (message) => forgedReplies.push(message));
    agent.send({
      v: 1,
      type: 'backupTreeResult',
      deviceId: identity.deviceId,
      requestId: forged,
      entries: [],
    });

    const home = await ctx.request('GET', treeUrl(identity.deviceId, revisionId, 'path=%2Fhome&limit=500'));
    expect(home.statusCode, home.body).toBe(200);
    expect(home.json()).toEqual({
      revisionId,
      path: '/home',
      entries: folders['/home'],
      total: 2,
      readBy: 'DEVICE',
    });
    const { masterKey } = await ensureKeys(ctx.db, Buffer.alloc(32, 7), organization.id);
    expect(asked[0]).toEqual({
      v: 1,
      type: 'backupTreeRequest',
      requestId: expect.any(String),
      planId: plan.planId,
      revisionId,
      path: '/home',
      offset: 0,
      limit: 500,
      source: {
        organizationId: organization.id,
        repository: { repositoryId, type: 'LOCAL', path: FOLDER },
        masterKey: masterKey.toString('base64'),
      },
    });
    // the bus carried the request without its source, and no key at all
    expect(onTheBus).toContainEqual(expect.objectContaining({ type: 'backupTreeRequest', path: '/home' }));
    expect(JSON.stringify(onTheBus)).not.toContain(masterKey.toString('base64'));
    expect(onTheBus.some((message) => JSON.stringify(message).includes('"source"'))).toBe(false);
    expect(forgedReplies).toEqual([]);

    const page = await ctx.request(
      'GET',
      treeUrl(identity.deviceId, revisionId, 'path=%2Fhome&offset=1&limit=1'),
    );
    expect(page.json()).toMatchObject({ entries: [folders['/home']![1]], total: 2 });
    expect(asked[1]).toMatchObject({ offset: 1, limit: 1 });

    const missing = await ctx.request('GET', treeUrl(identity.deviceId, revisionId, 'path=%2Fnothing'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual({
      code: 'BACKUP_TREE_PATH_NOT_FOUND',
      message: backupErrorMessages.BACKUP_TREE_PATH_NOT_FOUND,
    });
    await agent.close();
  });

  it('reaches the agent connected to another server process', async () => {
    const { identity, revisionId } = await setUp();
    const agent = await connectAgent(otherUrl, identity);
    answerTrees(agent, (request) => ({ entries: folders[request.path], total: 1 }));
    // the console's call on the first process; the agent's socket is on the other
    const docs = await ctx.request('GET', treeUrl(identity.deviceId, revisionId, 'path=%2Fhome%2Fdocs'));
    expect(docs.statusCode, docs.body).toBe(200);
    expect(docs.json()).toMatchObject({
      path: '/home/docs',
      entries: folders['/home/docs'],
      readBy: 'DEVICE',
    });
    await agent.close();
  });

  it('shows the agent’s reason as text when it could not list the folder', async () => {
    const { identity, revisionId } = await setUp();
    const agent = await connectAgent(serverUrl, identity);
    const reason = `The repository at ${FOLDER} was not made with this organization's key: it cannot be opened.`;
    answerTrees(agent, () => ({ error: reason }));
    const failed = await ctx.request('GET', treeUrl(identity.deviceId, revisionId, 'path=%2Fhome'));
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toEqual({
      code: 'BACKUP_TREE_DEVICE_FAILED',
      message: `The device could not list the folder: ${reason}`,
    });
    await agent.close();
  });

  it('says why when the server cannot tell the agent where the revision is', async () => {
    const { organization, identity, plan } = await setUp();
    const unknown = await insertRevision(ctx, {
      organizationId: organization.id,
      planId: plan.planId,
      deviceId: identity.deviceId,
      location: 'LOCAL',
      repositoryId: null,
    });
    const agent = await connectAgent(serverUrl, identity);
    const asked = answerTrees(agent, () => ({ entries: [], total: 0 }));
    const refused = await ctx.request('GET', treeUrl(identity.deviceId, unknown.revisionId, 'path='));
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error.message).toBe(backupTreeDeviceFailed(treeTexts.notLocal));
    expect(asked).toEqual([]);
    await agent.close();
  });

  it('says the device is offline when no server process holds its connection', async () => {
    const { identity, revisionId } = await setUp();
    const offline = await askOther(treeUrl(identity.deviceId, revisionId, 'path=%2Fhome'));
    expect(offline.statusCode).toBe(409);
    expect(offline.json().error).toEqual({
      code: 'BACKUP_TREE_DEVICE_OFFLINE',
      message: backupErrorMessages.BACKUP_TREE_DEVICE_OFFLINE,
    });
    // once it is connected, the same call lists the folder
    const agent = await connectAgent(serverUrl, identity);
    answerTrees(agent, (request) => ({ entries: folders[request.path], total: 2 }));
    const listed = await ctx.request('GET', treeUrl(identity.deviceId, revisionId, 'path=%2Fhome'));
    expect(listed.statusCode, listed.body).toBe(200);
    await agent.close();
  });

  it('says the device did not answer in time when its agent stays silent', async () => {
    const { identity, revisionId } = await setUp();
    const agent = await connectAgent(serverUrl, identity);
    // an agent too old to know the request ignores it
    const asked = answerTrees(agent, () => undefined);
    const silent = await askOther(treeUrl(identity.deviceId, revisionId, 'path=%2Fhome'));
    expect(silent.statusCode).toBe(504);
    expect(silent.json().error).toEqual({
      code: 'BACKUP_TREE_DEVICE_TIMEOUT',
      message: backupErrorMessages.BACKUP_TREE_DEVICE_TIMEOUT,
    });
    await waitFor(() => asked.length === 1);
    await agent.close();
  });
});
