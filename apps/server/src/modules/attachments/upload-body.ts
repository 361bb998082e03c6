import { type Readable, Transform } from 'node:stream';
import { MAX_ATTACHMENT_SIZE_BYTES } from '@rmm/domain';
import parser from 'stream-json/parser.js';
import type { BlobWriter } from '../../lib/blob-store.ts';
import { DomainError } from '../../lib/errors.ts';
import { helpDeskError } from '../help-desk/errors.ts';
import type { Inspection, Inspector } from './scanner.ts';

/**
 * The body of `POST /ws/{helpdesk}/upload-attachment`, `{"file": "<base64>", "fileName": "..."}`, read as a
 * stream: stream-json tokenises it, `file`'s text is base64-decoded piece by piece into a temp blob while the
 * scanner's inspector hashes and sniffs it, so memory stays bounded whatever the file's size. The keys may
 * come in any order; other keys are skipped within a small budget. Any refusal discards the temp blob.
 */

/** The base64 of the largest file, plus room for the name and the JSON around it. */
export const MAX_UPLOAD_BODY_BYTES = Math.ceil(MAX_ATTACHMENT_SIZE_BYTES / 3) * 4 + 64 * 1024;
/** Keys and values besides `file` and `fileName`, all together. */
const OTHER_FIELDS_MAX_CHARS = 16 * 1024;
/** Longer than any name AttachmentFileName accepts (255), short enough to hold. */
const FILE_NAME_MAX_CHARS = 4 * 1024;
const KEY_MAX_CHARS = 64;
/** Base64 text decoded at a time (a multiple of 4): about 192 KB of file per write. */
const DECODE_BATCH_CHARS = 256 * 1024;

export type ParsedUpload = {
  /** As sent; the service validates it (AttachmentFileName). */
  fileName: string;
  /** Finished: commit it under the attachment's id, or discard it. */
  writer: BlobWriter;
  inspection: Inspection;
};

const invalid = (detail: string) => helpDeskError('ATTACHMENT_INVALID', detail);
const tooLarge = () => helpDeskError('ATTACHMENT_TOO_LARGE');

const NOT_BASE64 = /[^A-Za-z0-9+/=]/;

/** Standard base64 (padding optional), decoded as it arrives; anything else is refused. */
const base64Decoder = (onBytes: (bytes: Buffer) => Promise<void>) => {
  let pending: string[] = [];
  let pendingChars = 0;
  let carry = '';
  let padding = 0;
  let totalChars = 0;
  const refuse = () => invalid('the file is not valid base64.');

  const decode = async (isLast: boolean) => {
    const text = carry + pending.join('');
    pending = [];
    pendingChars = 0;
    const usable = isLast ? text.length : text.length - (text.length % 4);
    carry = text.slice(usable);
    if (usable > 0) await onBytes(Buffer.from(text.slice(0, usable), 'base64'));
  };

  return {
    push: async (chunk: string) => {
      if (NOT_BASE64.test(chunk)) throw refuse();
      totalChars += chunk.length;
      const firstPad = chunk.indexOf('=');
      if (padding > 0 || firstPad >= 0) {
        // Padding ends the text: only more `=` may follow, two at most.
        const pads = padding > 0 ? chunk : chunk.slice(firstPad);
        if (!/^=*$/.test(pads)) throw refuse();
        padding += pads.length;
        if (padding > 2) throw refuse();
        chunk = padding === pads.length && firstPad >= 0 ? chunk.slice(0, firstPad) : '';
      }
      if (chunk === '') return;
      pending.push(chunk);
      pendingChars += chunk.length;
      if (pendingChars >= DECODE_BATCH_CHARS) await decode(false);
    },
    end: async () => {
      const dataChars = totalChars - padding;
      if (dataChars % 4 === 1 || (padding > 0 && totalChars % 4 !== 0)) throw refuse();
      await decode(true);
    },
  };
};

type Token = { name: string; value?: unknown };

/** Walks the token stream of one JSON object, routing `file` to the decoder and keeping `fileName`. */
const bodyReader = (decoder: ReturnType<typeof base64Decoder>) => {
  let depth = 0;
  let key = '';
  let keyChars = 0;
  let inKey = false;
  let value: 'file' | 'fileName' | 'other' | undefined;
  let inString: 'file' | 'fileName' | 'other' | undefined;
  let fileName: string | undefined;
  let hasFile = false;
  let otherChars = 0;
  let isDone = false;

  const countOther = (chars: number) => {
    otherChars += chars;
    if (otherChars > OTHER_FIELDS_MAX_CHARS) throw invalid('the body holds more than the file and its name.');
  };
  /** A value at the top level starts: which key it belongs to decides where it goes. */
  const startValue = () => {
    if (depth !== 1 || value !== undefined) return;
    if (key === 'file' || key === 'fileName') {
      if ((key === 'file' && hasFile) || (key === 'fileName' && fileName !== undefined))
        throw invalid(`"${key}" is given twice.`);
      value = key;
    } else value = 'other';
  };

  const accept = async (token: Token) => {
    if (isDone) throw invalid('the body must be one JSON object.');
    const { name } = token;
    if (depth === 0) {
      if (name !== 'startObject') throw invalid('the body must be a JSON object.');
      depth = 1;
      return;
    }
    if (inKey) {
      if (name === 'stringChunk') {
        const text = token.value as string;
        keyChars += text.length;
        if (depth > 1 || keyChars > KEY_MAX_CHARS) countOther(text.length);
        else key += text;
      } else if (name === 'endKey') {
        inKey = false;
        if (depth === 1 && keyChars > KEY_MAX_CHARS) key = '';
      }
      return;
    }
    if (inString) {
      if (name === 'stringChunk') {
        const text = token.value as string;
        if (inString === 'file') await decoder.push(text);
        else if (inString === 'fileName') {
          fileName = (fileName ?? '') + text;
          if (fileName.length > FILE_NAME_MAX_CHARS) throw invalid('the file name is too long.');
        } else countOther(text.length);
      } else if (name === 'endString') {
        if (inString === 'file') {
          await decoder.end();
          hasFile = true;
        }
        if (inString === 'fileName') fileName ??= '';
        inString = undefined;
        if (depth === 1) value = undefined;
      }
      return;
    }
    switch (name) {
      case 'startKey':
        inKey = true;
        if (depth === 1) {
          key = '';
          keyChars = 0;
        }
        return;
      case 'startString':
        startValue();
        inString = depth === 1 ? value : 'other';
        return;
      case 'startObject':
      case 'startArray':
        startValue();
        if (depth === 1 && value !== 'other') throw invalid(`"${value}" must be a string.`);
        countOther(1);
        depth++;
        return;
      case 'endObject':
      case 'endArray':
        depth--;
        if (depth === 1) value = undefined;
        if (depth === 0) isDone = true;
        return;
      default:
        // numbers (streamed in chunks), true, false, null
        if (name === 'startNumber' || name === 'nullValue' || name === 'trueValue' || name === 'falseValue') {
          startValue();
          if (depth === 1 && value !== 'other') throw invalid(`"${value}" must be a string.`);
        }
        if (name === 'numberChunk') countOther((token.value as string).length);
        if (depth === 1 && name !== 'startNumber' && name !== 'numberChunk') value = undefined;
    }
  };

  return {
    accept,
    result: () => {
      if (!isDone) throw invalid('the body is cut short.');
      if (!hasFile && fileName === undefined) throw invalid('"file" and "fileName" are missing.');
      if (!hasFile) throw invalid('"file" is missing.');
      if (fileName === undefined) throw invalid('"fileName" is missing.');
      return fileName;
    },
  };
};

/** The client's connection ended before the body did. */
class UploadCutOff extends Error {}

/** A syntax error of stream-json (its messages name what it expected). */
const isSyntaxError = (error: unknown) => error instanceof Error && !(error instanceof DomainError);

export const readUploadBody = async ({
  payload,
  contentLength,
  createWriter,
  inspector,
}: {
  payload: Readable;
  contentLength: number | undefined;
  createWriter: () => Promise<BlobWriter>;
  inspector: Inspector;
}): Promise<ParsedUpload> => {
  // A body declared larger than the largest upload is refused before a byte of it is read.
  if (contentLength !== undefined && contentLength > MAX_UPLOAD_BODY_BYTES) throw tooLarge();
  const writer = await createWriter();
  let decoded = 0;
  const decoder = base64Decoder(async (bytes) => {
    decoded += bytes.length;
    if (decoded > MAX_ATTACHMENT_SIZE_BYTES) throw tooLarge();
    inspector.update(bytes);
    await writer.write(bytes);
  });
  const reader = bodyReader(decoder);

  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > MAX_UPLOAD_BODY_BYTES) done(tooLarge());
      else done(null, chunk);
    },
  });
  const tokens = parser.asStream({ packValues: false, streamValues: true });
  const stop = (error: Error) => tokens.destroy(error);
  const onClose = () => {
    if (!payload.readableEnded) stop(new UploadCutOff());
  };
  counter.on('error', stop);
  payload.on('error', stop);
  payload.on('close', onClose);
  payload.pipe(counter).pipe(tokens);
  // Cut off before this parser ran (while the caller was being authenticated): no event will come.
  if (payload.readableAborted) stop(new UploadCutOff());
  try {
    for await (const token of tokens) await reader.accept(token as Token);
    const fileName = reader.result();
    await writer.finish();
    return { fileName, writer, inspection: inspector.finish() };
  } catch (error) {
    // Stop reading what is left (Fastify answers with `Connection: close`) and leave no temp file behind.
    payload.unpipe(counter);
    payload.resume();
    tokens.destroy();
    await writer.discard();
    // A connection dropped mid-body may reach the parser first as JSON that stops short: fewer bytes than
    // declared arrived, so it was cut off, whichever of the two events came first.
    const isCutOff =
      error instanceof UploadCutOff ||
      (isSyntaxError(error) &&
        contentLength !== undefined &&
        received < contentLength &&
        !payload.readableEnded);
    if (isCutOff) throw invalid('the upload was cut off before its end.');
    if (isSyntaxError(error)) throw invalid('the body is not valid JSON.');
    throw error;
  } finally {
    payload.off('error', stop);
    payload.off('close', onClose);
  }
};
