import { type AgentJobResult, JOB_OUTPUT_CAP_BYTES } from '@rmm/domain';

/** PostgreSQL text and jsonb cannot hold NUL characters; script output sometimes does. */
const withoutNul = (value: string) => value.replaceAll('\u0000', '\uFFFD');

const capped = (text: string) => {
  const storable = withoutNul(text);
  const bytes = Buffer.from(storable);
  if (bytes.length <= JOB_OUTPUT_CAP_BYTES) return { text: storable, isTruncated: false };
  // A character cut in half at the cap becomes U+FFFD; the rest is dropped.
  return { text: bytes.subarray(0, JOB_OUTPUT_CAP_BYTES).toString('utf8'), isTruncated: true };
};

const clean = (value: unknown): unknown => {
  if (typeof value === 'string') return withoutNul(value);
  if (Array.isArray(value)) return value.map(clean);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [withoutNul(k), clean(v)]));
  return value;
};

/** The result as stored: each stream held to JOB_OUTPUT_CAP_BYTES (an agent caps it already). */
export const capResultContent = (content: AgentJobResult['resultContent']): Record<string, unknown> => {
  const result = clean(content) as Record<string, unknown>;
  let isTruncated = content.truncated === true;
  for (const stream of ['stdout', 'stderr'] as const) {
    const text = content[stream];
    if (typeof text !== 'string') continue;
    const kept = capped(text);
    result[stream] = kept.text;
    isTruncated ||= kept.isTruncated;
  }
  if (isTruncated) result.truncated = true;
  return result;
};

/** `COMPLETED FAILURE, exit code 2: Timed out after 5 s` — a result in one line for history and activities. */
export const describeResult = (message: AgentJobResult) => {
  const { exitCode, errorMessage } = message.resultContent;
  const parts = [`${message.status} ${message.result}`];
  if (exitCode !== undefined && exitCode !== null) parts.push(`, exit code ${exitCode}`);
  if (errorMessage) parts.push(`: ${withoutNul(errorMessage)}`);
  return parts.join('').slice(0, 1000);
};
