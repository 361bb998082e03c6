import net from 'node:net';

/**
 * A local server speaking clamd's INSTREAM protocol (clamd(8)), for the scanner's tests (ClamAV cannot fetch
 * its signatures here): it reads `zINSTREAM\0`, then length-prefixed chunks up to a zero length, and answers
 * `stream: OK\0`, `stream: <signature> FOUND\0`, or `INSTREAM size limit exceeded. ERROR\0` past `maxBytes`.
 */
export type FakeClamd = {
  port: number;
  /** Each stream received, reassembled. */
  received: Buffer[];
  /** Connections opened (a test of the timeout waits for one). */
  connections: number;
  close: () => Promise<void>;
};

export const startFakeClamd = async ({
  signatureOf = () => undefined,
  maxBytes = 25 * 1_048_576,
  isSilent = false,
  listenPath,
}: {
  /** The signature name when the file is "infected". */
  signatureOf?: (file: Buffer) => string | undefined;
  maxBytes?: number;
  /** Never answers (a hung daemon). */
  isSilent?: boolean;
  /** A Unix socket instead of TCP. */
  listenPath?: string;
} = {}): Promise<FakeClamd> => {
  const fake: FakeClamd = { port: 0, received: [], connections: 0, close: async () => {} };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    fake.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = Buffer.alloc(0);
    let isCommandRead = false;
    const parts: Buffer[] = [];
    let size = 0;
    let isDone = false;
    const answer = (line: string) => {
      isDone = true;
      if (!isSilent) socket.end(`${line}\0`);
    };
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      if (isDone) return;
      buffer = Buffer.concat([buffer, chunk]);
      if (!isCommandRead) {
        const end = buffer.indexOf(0);
        if (end < 0) return;
        if (buffer.toString('latin1', 0, end) !== 'zINSTREAM') return answer('UNKNOWN COMMAND');
        buffer = buffer.subarray(end + 1);
        isCommandRead = true;
      }
      while (buffer.length >= 4) {
        const length = buffer.readUInt32BE(0);
        if (length === 0) {
          const file = Buffer.concat(parts);
          fake.received.push(file);
          const signature = signatureOf(file);
          return answer(signature ? `stream: ${signature} FOUND` : 'stream: OK');
        }
        if (buffer.length < 4 + length) return;
        parts.push(buffer.subarray(4, 4 + length));
        size += length;
        buffer = buffer.subarray(4 + length);
        if (size > maxBytes) return answer('INSTREAM size limit exceeded. ERROR');
      }
    });
  });
  await new Promise<void>((resolve) =>
    listenPath ? server.listen(listenPath, resolve) : server.listen(0, '127.0.0.1', resolve),
  );
  fake.port = listenPath ? 0 : (server.address() as net.AddressInfo).port;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return fake;
};
