import { AgentMessage, agentErrorCodes } from '@rmm/domain';
import type { RawData } from 'ws';

export type ParsedAgentMessage = { ok: true; message: AgentMessage } | { ok: false; detail: string };

/** JSON text of a known type, or why not (first problem only: the agent logs it). */
export const parseAgentMessage = (data: RawData, isBinary: boolean): ParsedAgentMessage => {
  if (isBinary)
    return { ok: false, detail: `${agentErrorCodes.INVALID_MESSAGE} Binary frames are not used.` };
  let json: unknown;
  try {
    json = JSON.parse(data.toString());
  } catch {
    return { ok: false, detail: `${agentErrorCodes.INVALID_MESSAGE} It is not JSON.` };
  }
  const result = AgentMessage.safeParse(json);
  if (result.success) return { ok: true, message: result.data };
  const issue = result.error.issues[0];
  const where = issue?.path.join('.') || 'message';
  return { ok: false, detail: `${agentErrorCodes.INVALID_MESSAGE} ${where}: ${issue?.message ?? 'invalid'}` };
};
