import type {
  AgentBackupProgress,
  AgentJobAck,
  AgentJobOutput,
  AgentJobResult,
  AgentMessage,
  ServerMessage,
} from '@rmm/domain';
import { createBackupProgressRelay } from '../../backup/progress.ts';
import { type AgentDeliveryContext, createJobDelivery } from './delivery.ts';
import { type AgentJobDevice, createOutputRelay, onJobAck, onJobResult } from './reports.ts';

export type AgentJobMessage = AgentJobAck | AgentJobOutput | AgentJobResult | AgentBackupProgress;

export const isJobMessage = (message: AgentMessage): message is AgentJobMessage =>
  message.type === 'jobAck' ||
  message.type === 'jobOutput' ||
  message.type === 'jobResult' ||
  message.type === 'backupProgress';

/** One agent connection's side of the jobs, used by the agent gateway. */
export const createAgentJobSession = (
  ctx: AgentDeliveryContext,
  device: AgentJobDevice,
  send: (message: ServerMessage) => void,
) => {
  const { forward, sendUnfinished } = createJobDelivery(ctx, device, send);
  const relayOutput = createOutputRelay(ctx, device);
  const relayBackupProgress = createBackupProgressRelay(ctx, device);
  return {
    /** `job` and `jobCancel` messages for this device from the bus. */
    forward,
    /** After the agent's hello: its queue, in order. */
    sendUnfinished,
    /**
     * The connection waits for a result to be stored before its next message, not for an
     * acknowledgement: the writer keeps each job's reports in order, so an acknowledgement and the
     * result right behind it share one write.
     */
    handle: async (message: AgentJobMessage) => {
      if (message.type === 'jobAck') {
        onJobAck(ctx, device, send, message).catch((error) =>
          ctx.log.error({ err: error, jobUid: message.jobUid }, 'could not store a job acknowledgement'),
        );
        return;
      }
      if (message.type === 'jobOutput') return relayOutput(message);
      if (message.type === 'backupProgress') return relayBackupProgress(message);
      return onJobResult(ctx, device, send, message);
    },
  };
};

export type AgentJobSession = ReturnType<typeof createAgentJobSession>;
