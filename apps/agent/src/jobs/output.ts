import { StringDecoder } from 'node:string_decoder';

export type OutputStream = 'stdout' | 'stderr';

export type OutputLimits = {
  /** Output kept per stream; the rest is dropped (not kept, not streamed) and `truncated` is set. */
  capBytes: number;
  /** Live output goes out in pieces of at most this many UTF-8 bytes. */
  chunkBytes: number;
};

const isContinuationByte = (byte: number) => (byte & 0b1100_0000) === 0b1000_0000;

/** Splits text into pieces of at most `maxBytes` UTF-8 bytes, never inside a character. */
export const splitUtf8 = (text: string, maxBytes: number): string[] => {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text ? [text] : [];
  const pieces: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + maxBytes, bytes.length);
    while (end < bytes.length && end > start && isContinuationByte(bytes[end]!)) end--;
    pieces.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
  }
  return pieces;
};

const createStreamBuffer = (capBytes: number) => {
  const decoder = new StringDecoder('utf8');
  const parts: string[] = [];
  let keptBytes = 0;
  let isFull = false;
  return {
    /** The text to keep and show from this piece of raw output ('' once the cap is reached). */
    take: (data: Buffer): string => {
      if (isFull) return '';
      const room = capBytes - keptBytes;
      const piece = data.length <= room ? data : data.subarray(0, room);
      isFull = piece.length < data.length;
      keptBytes += piece.length;
      // A character cut at the cap stays in the decoder and is never emitted.
      const text = decoder.write(piece);
      parts.push(text);
      return text;
    },
    end: (): string => {
      const tail = isFull ? '' : decoder.end();
      parts.push(tail);
      return tail;
    },
    text: () => parts.join(''),
    isTruncated: () => isFull,
  };
};

/** Keeps a job's output up to the cap per stream and hands each new piece to `onChunk`. */
export const createOutputCollector = (
  limits: OutputLimits,
  onChunk: (stream: OutputStream, data: string) => void,
) => {
  const streams = {
    stdout: createStreamBuffer(limits.capBytes),
    stderr: createStreamBuffer(limits.capBytes),
  };
  const emit = (stream: OutputStream, text: string) => {
    for (const piece of splitUtf8(text, limits.chunkBytes)) onChunk(stream, piece);
  };
  return {
    write: (stream: OutputStream, data: Buffer) => emit(stream, streams[stream].take(data)),
    /** Flushes a last partial character and answers what was kept. */
    end: () => {
      emit('stdout', streams.stdout.end());
      emit('stderr', streams.stderr.end());
      return {
        stdout: streams.stdout.text(),
        stderr: streams.stderr.text(),
        truncated: streams.stdout.isTruncated() || streams.stderr.isTruncated(),
      };
    },
  };
};
export type OutputCollector = ReturnType<typeof createOutputCollector>;
