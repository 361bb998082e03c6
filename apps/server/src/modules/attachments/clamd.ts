import net from 'node:net';
import type { Readable } from 'node:stream';

/**
 * A client of clamd, ClamAV's daemon, over its INSTREAM command (clamd(8)): `zINSTREAM\0`, then the file as
 * chunks each prefixed by its length (4 bytes, network order), then a zero length; clamd answers one
 * NUL-terminated line: `stream: OK`, `stream: <signature> FOUND`, or `... ERROR` (for instance
 * `INSTREAM size limit exceeded. ERROR` past its StreamMaxLength, 25 MB unless raised).
 */

export type ClamdOptions = {
  /** A TCP address, or `socketPath` for a Unix socket. */
  host?: string | undefined;
  port?: number | undefined;
  socketPath?: string | undefined;
  timeoutMs: number;
};

export type ClamdVerdict = { infected: false } | { infected: true; signature: string };

/** clamd gave no verdict: unreachable, timed out, refused the stream, or answered something unknown. */
export class ClamdError extends Error {}

/** clamd's chunks may be any size up to its StreamMaxLength; 64 KB keeps writes small. */
const CHUNK_BYTES = 64 * 1024;

export const parseClamdReply = (reply: string): ClamdVerdict => {
  const line = reply.replace(/\0+$/, '').trim();
  if (/^stream: OK$/.test(line)) return { infected: false };
  const found = /^stream: (.+) FOUND$/.exec(line);
  if (found) return { infected: true, signature: found[1]! };
  throw new ClamdError(`clamd answered: ${line || '(nothing)'}`);
};

const lengthPrefix = (length: number) => {
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32BE(length);
  return prefix;
};

export const clamdScan = (options: ClamdOptions, source: Readable): Promise<ClamdVerdict> =>
  new Promise<ClamdVerdict>((resolve, reject) => {
    const socket = options.socketPath
      ? net.connect({ path: options.socketPath })
      : net.connect({ host: options.host ?? '127.0.0.1', port: options.port ?? 3310 });
    let reply = '';
    let settled = false;
    const finish = (error: Error | undefined, verdict?: ClamdVerdict) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      source.destroy();
      socket.destroy();
      if (error) reject(error instanceof ClamdError ? error : new ClamdError(`clamd: ${error.message}`));
      else resolve(verdict!);
    };
    const timer = setTimeout(
      () => finish(new ClamdError(`clamd gave no verdict within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => {
      reply += text;
      // One NUL-terminated line; clamd may answer early (a size limit) while the file is still being sent.
      if (reply.includes('\0')) {
        try {
          finish(undefined, parseClamdReply(reply.slice(0, reply.indexOf('\0'))));
        } catch (error) {
          finish(error as Error);
        }
      }
    });
    socket.on('end', () => {
      try {
        finish(undefined, parseClamdReply(reply));
      } catch (error) {
        finish(error as Error);
      }
    });
    socket.on('error', (error) => finish(error));
    source.on('error', (error) => finish(error));

    const send = async () => {
      await new Promise<void>((connected) => socket.once('connect', () => connected()));
      const write = (bytes: Buffer) =>
        new Promise<void>((written, failed) => {
          if (settled) return written();
          socket.write(bytes, (error) => (error ? failed(error) : written()));
        });
      await write(Buffer.from('zINSTREAM\0', 'latin1'));
      for await (const chunk of source) {
        const bytes = chunk as Buffer;
        for (let at = 0; at < bytes.length && !settled; at += CHUNK_BYTES) {
          const part = bytes.subarray(at, at + CHUNK_BYTES);
          await write(Buffer.concat([lengthPrefix(part.length), part]));
        }
        if (settled) return;
      }
      await write(lengthPrefix(0));
    };
    send().catch((error: Error) => finish(error));
  });
