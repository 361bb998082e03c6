import { timingSafeEqual } from 'node:crypto';
import {
  type AgentRefusalCode,
  type ApprovalStatus,
  agentRefusalMessages,
  DEVICE_AUTH_SCHEME,
} from '@rmm/domain';
import type { Db } from '../../db/database.ts';
import { sha256 } from '../../lib/crypto.ts';
import { DomainError } from '../../lib/errors.ts';
import { findDeviceCredentials } from './repository.ts';

/** The device a connection speaks for, fixed at the handshake. */
export type AgentDevice = { id: number; organizationId: number; approvalStatus: ApprovalStatus };

/** What the server holds of the agent itself; a hello that repeats it is not written again. */
export type StoredAgentInfo = { agentVersion: string; platform: string; inventoryKey: string | null };

export type AuthenticatedAgent = { device: AgentDevice; stored: StoredAgentInfo };

const refusal = (code: AgentRefusalCode, statusCode: number) =>
  new DomainError(code, agentRefusalMessages[code], { statusCode });

/** `Device <deviceId>:<secret>` -> its parts, or undefined when malformed. */
export const parseDeviceAuthorization = (header: string | undefined) => {
  const match = header?.match(new RegExp(`^${DEVICE_AUTH_SCHEME} (\\d{1,10}):([A-Za-z0-9_-]{16,200})$`));
  if (!match) return undefined;
  const deviceId = Number(match[1]);
  return Number.isSafeInteger(deviceId) && deviceId > 0 ? { deviceId, secret: match[2]! } : undefined;
};

const sameHash = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Checks the device secret of a handshake; a rejected device is refused with its own message. */
export const authenticateDevice = async (db: Db, header: string | undefined): Promise<AuthenticatedAgent> => {
  const credentials = parseDeviceAuthorization(header);
  if (!credentials) throw refusal('DEVICE_UNAUTHENTICATED', 401);
  const row = await findDeviceCredentials(db, credentials.deviceId);
  if (!row?.secretHash || !sameHash(row.secretHash, sha256(credentials.secret))) {
    throw refusal('DEVICE_UNAUTHENTICATED', 401);
  }
  if (row.approvalStatus === 'REJECTED') throw refusal('DEVICE_REJECTED', 403);
  const approvalStatus = row.approvalStatus as ApprovalStatus;
  return {
    device: { id: row.id, organizationId: row.organizationId, approvalStatus },
    stored: { agentVersion: row.agentVersion, platform: row.platform, inventoryKey: row.inventoryKey },
  };
};
