import type { JobOutputEvent } from '@rmm/domain';

export type OutputChunk = Pick<JobOutputEvent, 'seq' | 'stream' | 'data'>;
/** A job's live output as it arrived, ordered by `seq`, each seq once. */
export type JobOutput = { chunks: OutputChunk[] };

/** The chunk in its place by seq; a chunk already held (a resent one) is ignored. */
export const addChunk = (output: JobOutput, chunk: OutputChunk): JobOutput => {
  const { chunks } = output;
  let index = chunks.length;
  while (index > 0 && chunks[index - 1]!.seq > chunk.seq) index -= 1;
  if (index > 0 && chunks[index - 1]!.seq === chunk.seq) return output;
  return { chunks: [...chunks.slice(0, index), chunk, ...chunks.slice(index)] };
};

/** True when every chunk from seq 0 on arrived (none missed while the live channel was down). */
export const isComplete = (output: JobOutput) => output.chunks.every((chunk, index) => chunk.seq === index);

export type OutputRun = { firstSeq: number; stream: OutputChunk['stream']; text: string };

/** Neighbouring chunks of one stream joined, so long output renders as few elements. */
export const outputRuns = (chunks: OutputChunk[]): OutputRun[] => {
  const runs: OutputRun[] = [];
  for (const chunk of chunks) {
    const last = runs.at(-1);
    if (last?.stream === chunk.stream) last.text += chunk.data;
    else runs.push({ firstSeq: chunk.seq, stream: chunk.stream, text: chunk.data });
  }
  return runs;
};

// Output that arrives before anyone watches the job: the first chunks can beat the submit answer.
const EARLY_MAX_SEQ = 64;
const EARLY_MAX_BYTES = 1_000_000;
const early = new Map<string, OutputChunk[]>();
let earlyBytes = 0;

/** Keeps the first chunks of a job nobody watches yet, within a byte budget (oldest jobs go first). */
export const holdEarlyOutput = (jobUid: string, chunk: OutputChunk) => {
  if (chunk.seq >= EARLY_MAX_SEQ) return;
  early.set(jobUid, [...(early.get(jobUid) ?? []), chunk]);
  earlyBytes += chunk.data.length;
  for (const [uid, chunks] of early) {
    if (earlyBytes <= EARLY_MAX_BYTES) break;
    early.delete(uid);
    earlyBytes -= chunks.reduce((sum, c) => sum + c.data.length, 0);
  }
};

/** The held chunks of a job, handed over once to whoever starts watching it. */
export const takeEarlyOutput = (jobUid: string): JobOutput => {
  const chunks = early.get(jobUid) ?? [];
  early.delete(jobUid);
  earlyBytes -= chunks.reduce((sum, c) => sum + c.data.length, 0);
  return chunks.reduce<JobOutput>(addChunk, { chunks: [] });
};
