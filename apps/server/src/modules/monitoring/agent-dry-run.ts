import { randomUUID } from 'node:crypto';
import {
  type AgentCondition,
  type AgentConditionDryRunResult,
  ConditionDryRunAnswer,
  type ServerConditionDryRunRequest,
  type ServerMessage,
} from '@rmm/domain';
import { z } from 'zod';
import type { Bus } from '../../bus/index.ts';
import { agentReplySubject, agentSubject } from '../../bus/subjects.ts';

/**
 * A policy's dry run asks a device's agent to sample conditions once now, wherever the agent is connected (as the
 * backup file browser does, backup/agent-tree.ts):
 *
 * 1. the caller's process publishes `conditionDryRunRequest` on the device's subject and waits on
 *    `agent.reply.<requestId>`;
 * 2. the process holding the socket answers `delivered` there at once and writes the request to the agent;
 * 3. it publishes the agent's `conditionDryRunResult` there.
 *
 * No `delivered` within the delivery wait: no process holds the device's socket, it is offline. No answer by the
 * deadline: the agent is busy, or too old to know the request.
 */

const DryRunReply = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('delivered'), deviceId: z.number().int() }),
  z.object({
    kind: z.literal('result'),
    deviceId: z.number().int(),
    results: z.array(ConditionDryRunAnswer),
  }),
]);

export type AgentDryRunOutcome =
  | { kind: 'answered'; results: ConditionDryRunAnswer[] }
  | { kind: 'offline' }
  | { kind: 'timeout' };

/** How long a process holding the device's socket has to take the request, at most. */
const DELIVERY_WAIT_MS = 3_000;
/** Part of the time left that the agent gets, so that its answer still arrives before the deadline. */
const AGENT_SHARE = 0.8;

/** Asks one device's agent; never rejects. */
export const askAgentDryRun = (options: {
  bus: Bus;
  deviceId: number;
  conditions: AgentCondition[];
  /** Epoch ms: the answer is waited for until then. */
  deadline: number;
}) =>
  new Promise<AgentDryRunOutcome>((resolve) => {
    const { bus, deviceId, deadline } = options;
    const requestId = randomUUID();
    const left = () => Math.max(0, deadline - Date.now());
    let timer: NodeJS.Timeout;
    const finish = (outcome: AgentDryRunOutcome) => {
      clearTimeout(timer);
      stop();
      resolve(outcome);
    };
    const stop = bus.subscribe(agentReplySubject(requestId), (message) => {
      const parsed = DryRunReply.safeParse(message);
      if (!parsed.success || parsed.data.deviceId !== deviceId) return;
      if (parsed.data.kind === 'result') return finish({ kind: 'answered', results: parsed.data.results });
      clearTimeout(timer);
      timer = setTimeout(() => finish({ kind: 'timeout' }), left());
    });
    timer = setTimeout(() => finish({ kind: 'offline' }), Math.min(DELIVERY_WAIT_MS, left()));
    const request: ServerConditionDryRunRequest = {
      v: 1,
      type: 'conditionDryRunRequest',
      requestId,
      conditions: options.conditions,
      timeoutMs: Math.max(1, Math.floor(left() * AGENT_SHARE)),
    };
    bus.publish(agentSubject(deviceId), request);
  });

/** Requests one connection has sent its agent and not seen answered; the oldest is dropped past this. */
const MAX_PENDING = 64;

/**
 * One agent connection's side, used by the agent gateway: dry-run requests from the bus go to the agent, and its
 * answers (only to requests this connection sent) back to the waiting process.
 */
export const createAgentDryRunRelay = (
  bus: Bus,
  device: { id: number },
  send: (message: ServerMessage) => void,
) => {
  const pending = new Set<string>();
  return {
    forward: (request: ServerConditionDryRunRequest) => {
      bus.publish(agentReplySubject(request.requestId), { kind: 'delivered', deviceId: device.id });
      pending.add(request.requestId);
      if (pending.size > MAX_PENDING) pending.delete(pending.values().next().value!);
      send(request);
    },
    onResult: (message: AgentConditionDryRunResult) => {
      if (!pending.delete(message.requestId)) return;
      bus.publish(agentReplySubject(message.requestId), {
        kind: 'result',
        deviceId: device.id,
        results: message.results,
      });
    },
  };
};

export type AgentDryRunRelay = ReturnType<typeof createAgentDryRunRelay>;
