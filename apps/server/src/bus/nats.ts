import { connect, JSONCodec, type NatsConnection } from 'nats';
import type { Bus, BusHandler } from './types.ts';

type Logger = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** The bus between several server processes: NATS core subjects under a prefix. */
export const createNatsBus = async (url: string, prefix: string, log?: Logger): Promise<Bus> => {
  const connection: NatsConnection = await connect({
    servers: url.split(','),
    name: `rmm-server-${process.pid}`,
    maxReconnectAttempts: -1,
  });
  const codec = JSONCodec();
  const full = (subject: string) => `${prefix}.${subject}`;
  const strip = (subject: string) => subject.slice(prefix.length + 1);

  const subscribe = (subject: string, handler: BusHandler) => {
    const subscription = connection.subscribe(full(subject), {
      callback: (error, message) => {
        if (error) return log?.warn({ err: error, subject }, 'bus subscription error');
        try {
          handler(codec.decode(message.data), strip(message.subject));
        } catch (handlerError) {
          log?.error({ err: handlerError, subject }, 'bus handler failed');
        }
      },
    });
    return () => subscription.unsubscribe();
  };

  return {
    kind: 'nats',
    publish: (subject, message) => connection.publish(full(subject), codec.encode(message)),
    subscribe,
    // A round trip to the NATS server: it has processed every SUB sent before it.
    flush: () => connection.flush(),
    close: async () => {
      if (!connection.isClosed()) await connection.drain();
    },
  };
};
