import { describe, expect, it } from 'vitest';
import { createOutputCollector, type OutputStream, splitUtf8 } from './output.ts';

const collect = (capBytes: number, chunkBytes: number) => {
  const chunks: Array<{ stream: OutputStream; data: string }> = [];
  const collector = createOutputCollector({ capBytes, chunkBytes }, (stream, data) =>
    chunks.push({ stream, data }),
  );
  return { collector, chunks };
};

describe('job output', () => {
  it('splits text into pieces of at most N UTF-8 bytes, never inside a character', () => {
    const text = 'aé€😀'.repeat(50);
    const pieces = splitUtf8(text, 7);
    expect(pieces.join('')).toBe(text);
    expect(pieces.every((piece) => Buffer.byteLength(piece) <= 7 && !piece.includes('\ufffd'))).toBe(true);
    expect(splitUtf8('', 7)).toEqual([]);
  });

  it('joins a character split across two reads of the pipe', () => {
    const { collector, chunks } = collect(100, 100);
    const bytes = Buffer.from('é€', 'utf8');
    collector.write('stdout', bytes.subarray(0, 1));
    collector.write('stdout', bytes.subarray(1, 3));
    collector.write('stdout', bytes.subarray(3));
    expect(collector.end()).toEqual({ stdout: 'é€', stderr: '', truncated: false });
    expect(chunks.map((chunk) => chunk.data).join('')).toBe('é€');
  });

  it('keeps each stream up to the cap, drops a character cut at the cap, and says truncated', () => {
    const { collector, chunks } = collect(5, 2);
    collector.write('stdout', Buffer.from('abcd€€', 'utf8')); // the cap falls inside the first €
    collector.write('stdout', Buffer.from('more', 'utf8'));
    collector.write('stderr', Buffer.from('err', 'utf8'));
    expect(collector.end()).toEqual({ stdout: 'abcd', stderr: 'err', truncated: true });
    expect(chunks.filter((chunk) => chunk.stream === 'stdout').map((chunk) => chunk.data)).toEqual([
      'ab',
      'cd',
    ]);
  });

  it('is not truncated when the output is exactly the cap', () => {
    const { collector } = collect(3, 16);
    collector.write('stdout', Buffer.from('abc'));
    expect(collector.end()).toMatchObject({ stdout: 'abc', truncated: false });
  });
});
