import dgram from 'node:dgram';
import { clip } from '../collectors/text.ts';
import type { Logger } from '../log.ts';

export type SyslogMessage = { severity: number; text: string; from: string };

/**
 * A syslog datagram (RFC 3164 or 5424): `<PRI>` then the rest; the severity is PRI mod 8. Without a PRI the
 * RFC 3164 default (user.notice, severity 5) applies.
 */
export const parseSyslog = (data: string, from: string): SyslogMessage => {
  const match = /^<(\d{1,3})>(.*)$/s.exec(data);
  const text = (match ? match[2]! : data).replace(/[\r\n]+$/, '');
  const priority = match ? Number(match[1]) : 13;
  return { severity: priority % 8, text: clip(text, 1000), from };
};

type Listener = (message: SyslogMessage) => void;
type Port = { socket: dgram.Socket; listeners: Set<Listener>; ready: Promise<void> };

/** One UDP socket per port, shared by every SYSLOG condition listening on it (a datagram reaches one socket only). */
export const createUdpHub = (log: Logger) => {
  const ports = new Map<number, Port>();
  return {
    /** Starts delivering the port's messages; `ready` rejects when the port cannot be bound. */
    subscribe: (port: number, listener: Listener) => {
      let entry = ports.get(port);
      if (!entry) {
        const socket = dgram.createSocket({ type: 'udp4', reuseAddr: false });
        let isBound = false;
        const ready = new Promise<void>((resolve, reject) => {
          socket.once('listening', () => {
            isBound = true;
            resolve();
          });
          // Kept for the socket's life: an error after binding is logged, never thrown at the agent.
          socket.on('error', (error) => {
            reject(error);
            if (isBound) log.warn(`monitoring: syslog port ${port}: ${error.message}`);
          });
        });
        ready.catch((error: Error) =>
          log.warn(`monitoring: syslog port ${port} cannot be opened: ${error.message}`),
        );
        const created: Port = { socket, listeners: new Set(), ready };
        socket.on('message', (data, remote) => {
          const message = parseSyslog(data.toString('utf8'), remote.address);
          for (const each of created.listeners) each(message);
        });
        socket.bind(port);
        ports.set(port, created);
        entry = created;
      }
      entry.listeners.add(listener);
      const current = entry;
      return {
        ready: current.ready,
        unsubscribe: () => {
          current.listeners.delete(listener);
          if (current.listeners.size > 0) return;
          ports.delete(port);
          try {
            current.socket.close();
          } catch {
            // never bound
          }
        },
      };
    },
    close: () => {
      for (const entry of ports.values())
        try {
          entry.socket.close();
        } catch {
          // never bound
        }
      ports.clear();
    },
  };
};
export type UdpHub = ReturnType<typeof createUdpHub>;
