import type { AgentJobAck, AgentJobOutput, AgentJobResult, AgentMessage, ServerMessage } from '@rmm/domain';
import { createJobDelivery } from './agent-delivery.ts';
import {
  type AgentJobContext,
  type AgentJobDevice,
  createOutputRelay,
  onJobAck,
  onJobResult,
} from './agent-reports.ts';

export type AgentJobMessage = AgentJobAck | AgentJobOutput | AgentJobResult;

export const isJobMessage = (message: AgentMessage): message is AgentJobMessage =>
  message.type === 'jobAck' || message.type === 'jobOutput' || message.type === 'jobResult';

/** One agent connection's side of the jobs, used by the agent gateway. */
export const createAgentJobSession = (
  ctx: AgentJobContext,
  device: AgentJobDevice,
  send: (message: ServerMessage) => void,
) => {
  const { forward, sendUnfinished } = createJobDelivery(ctx, device, send);
  const relayOutput = createOutputRelay(ctx, device);
  return {
    /** `job` and `jobCancel` messages for this device from the bus. */
    forward,
    /** After the agent's hello: its queue, in order. */
    sendUnfinished,
    handle: (message: AgentJobMessage) => {
      if (message.type === 'jobAck') return onJobAck(ctx, device, send, message);
      if (message.type === 'jobOutput') return relayOutput(message);
      return onJobResult(ctx, device, send, message);
    },
  };
};

export type AgentJobSession = ReturnType<typeof createAgentJobSession>;
