import { randomUUID } from 'node:crypto';
import {
  messages,
  type ServerWakeOnLan,
  WAKE_ON_LAN_RESULT_CODE_NO_MAC,
  type WakeupResponse,
} from '@rmm/domain';
import { z } from 'zod';
import type { Bus } from '../../bus/index.ts';
import { agentReplySubject, agentSubject } from '../../bus/subjects.ts';
import type { Db } from '../../db/database.ts';
import { DomainError, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { findWakeCandidates, findWakeTarget } from './repository.ts';
import { sharesSubnet, subnetsOf, usableMacs } from './subnet.ts';

/** Agents asked in turn before giving up: one that does not answer in time is taken for offline. */
const MAX_ATTEMPTS = 3;

/** What the gateway publishes when an agent answers a wakeOnLan request. */
export const WakeReply = z.object({
  deviceId: z.number().int(),
  ok: z.boolean(),
  error: z.string().optional(),
});
export type WakeReply = z.infer<typeof WakeReply>;

const noUsableAgent = () =>
  new DomainError(WAKE_ON_LAN_RESULT_CODE_NO_MAC, messages.wakeOnLan.noUsableMac, {
    statusCode: 500,
    resultCode: WAKE_ON_LAN_RESULT_CODE_NO_MAC,
  });

/** Sends wakeOnLan to one agent through the bus and waits for its answer (undefined: no answer in time). */
export const requestWake = ({
  bus,
  deviceId,
  macs,
  timeoutMs,
}: {
  bus: Bus;
  deviceId: number;
  macs: string[];
  timeoutMs: number;
}) =>
  new Promise<WakeReply | undefined>((resolve) => {
    const requestId = randomUUID();
    const finish = (reply: WakeReply | undefined) => {
      clearTimeout(timer);
      stop();
      resolve(reply);
    };
    const stop = bus.subscribe(agentReplySubject(requestId), (message) => {
      const reply = WakeReply.safeParse(message);
      if (reply.success && reply.data.deviceId === deviceId) finish(reply.data);
    });
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    const request: ServerWakeOnLan = { v: 1, type: 'wakeOnLan', macs, requestId };
    bus.publish(agentSubject(deviceId), request);
  });

type WakeUp = { db: Db; bus: Bus; actor: Actor; id: number; ackTimeoutMs: number };

/** Spec §7 GET /node/{id}/wakeup: an online agent on the target's subnet sends the magic packets. */
export const wakeUp = async ({ db, bus, actor, id, ackTimeoutMs }: WakeUp): Promise<WakeupResponse> => {
  const target = await findWakeTarget(db, actor.scope, id);
  if (!target) throw notFound('Device not found.');
  const targetNics = target.interfaces ?? [];
  const macs = usableMacs(targetNics);
  if (macs.length === 0) throw noUsableAgent();
  const candidates = (await findWakeCandidates(db, target.organizationId, id)).filter((agent) =>
    sharesSubnet(subnetsOf(agent.interfaces ?? []), targetNics),
  );
  for (const agent of candidates.slice(0, MAX_ATTEMPTS)) {
    const reply = await requestWake({ bus, deviceId: agent.id, macs, timeoutMs: ackTimeoutMs });
    if (!reply?.ok) continue;
    await insertActivity(db, {
      actorId: actor.id,
      actorName: actor.email,
      action: 'device.wakeup',
      targetType: 'device',
      targetId: id,
      targetName: target.displayName,
      organizationId: target.organizationId,
      outcome: 'SUCCESS',
      detail: `magic packets for ${macs.join(', ')} sent by device ${agent.id}`,
    });
    return { resultCode: 'SUCCESS' };
  }
  throw noUsableAgent();
};
