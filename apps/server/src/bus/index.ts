import type { Config } from '../config.ts';
import { createMemoryBus } from './memory.ts';
import { createNatsBus } from './nats.ts';
import type { Bus } from './types.ts';

export type { Bus, BusHandler } from './types.ts';
export { createMemoryBus, createNatsBus };

type Logger = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** NATS when NATS_URL is set (several server processes), the in-process bus otherwise. */
export const createBus = async (
  config: Pick<Config, 'natsUrl' | 'natsSubjectPrefix'>,
  log?: Logger,
): Promise<Bus> =>
  config.natsUrl ? createNatsBus(config.natsUrl, config.natsSubjectPrefix, log) : createMemoryBus(log);
