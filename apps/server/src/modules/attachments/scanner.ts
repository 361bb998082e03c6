import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import { type ClamdOptions, clamdScan } from './clamd.ts';
import {
  type ContentKind,
  contentKindLabels,
  declaredTypeOf,
  detectContentKind,
  executableKinds,
  extensionOf,
  mimeTypeOfKind,
} from './file-types.ts';

/**
 * The attachment scanner (docs/decisions.md "Help tickets and attachments"), always on: the EICAR test
 * string anywhere in the file; an executable (ELF, PE, Mach-O, a `#!` script) under a name that is not an
 * executable's; content that is not the type its extension declares (by magic bytes for images, PDF, ZIP
 * and Office files, gzip; text types must be UTF-8 text, or UTF-16 with a byte-order mark). With clamd
 * configured the file is also streamed to ClamAV. The inspection runs while the upload is written, so the
 * file is read once and never held whole.
 */

/** The EICAR anti-virus test file's string (built in two parts, so this source is not itself flagged). */
export const EICAR = Buffer.from(
  `${'X5O!P%@AP[4\\PZX54(P^)7CC)7}$'}${'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'}`,
  'latin1',
);

const HEAD_BYTES = 8192;

export type Inspection = {
  size: number;
  sha256: string;
  /** The first bytes (at most 8 KB). */
  head: Buffer;
  hasEicar: boolean;
  /** UTF-8 without NUL bytes, or UTF-16 with a byte-order mark, decoded without error to its end. */
  isText: boolean;
};

/** Fed the file's bytes in order (any chunking), then finished once. */
export type Inspector = { update: (bytes: Uint8Array) => void; finish: () => Inspection };

const utf16Encoding = (start: Buffer) => {
  if (start[0] === 0xff && start[1] === 0xfe) return 'utf-16le';
  if (start[0] === 0xfe && start[1] === 0xff) return 'utf-16be';
  return undefined;
};

/** Checks text as it streams: the encoding is chosen from the first bytes, the first error ends the check. */
const textChecker = () => {
  let decoder: TextDecoder | undefined;
  let isUtf8 = true;
  let isText = true;
  let pending: Buffer | undefined = Buffer.alloc(0);
  const feed = (bytes: Buffer, isLast: boolean) => {
    if (!isText) return;
    try {
      if (!decoder) {
        const encoding = utf16Encoding(bytes) ?? 'utf-8';
        isUtf8 = encoding === 'utf-8';
        decoder = new TextDecoder(encoding, { fatal: true });
      }
      if (isUtf8 && bytes.includes(0)) isText = false;
      else decoder.decode(bytes, { stream: !isLast });
    } catch {
      isText = false;
    }
  };
  return {
    update: (bytes: Buffer) => {
      if (!isText) return;
      if (pending) {
        // Two bytes decide the encoding (a UTF-16 byte-order mark).
        pending = Buffer.concat([pending, bytes]);
        if (pending.length < 2) return;
        bytes = pending;
        pending = undefined;
      }
      feed(bytes, false);
    },
    finish: () => {
      feed(pending ?? Buffer.alloc(0), true);
      return isText;
    },
  };
};

/** Finds a byte string across chunk boundaries, keeping only the last few bytes of the previous chunk. */
const finder = (needle: Buffer) => {
  let tail = Buffer.alloc(0);
  let found = false;
  return {
    update: (bytes: Buffer) => {
      if (found) return;
      const edge = Buffer.concat([tail, bytes.subarray(0, needle.length - 1)]);
      found = edge.includes(needle) || bytes.includes(needle);
      const keep = needle.length - 1;
      tail =
        bytes.length >= keep
          ? Buffer.from(bytes.subarray(bytes.length - keep))
          : Buffer.concat([tail, bytes]).subarray(-keep);
    },
    found: () => found,
  };
};

export const createInspector = (): Inspector => {
  const hash = createHash('sha256');
  const heads: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const eicar = finder(EICAR);
  const text = textChecker();
  return {
    update: (chunk) => {
      const bytes = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
      if (bytes.length === 0) return;
      size += bytes.length;
      hash.update(bytes);
      if (headLength < HEAD_BYTES) {
        const part = Buffer.from(bytes.subarray(0, HEAD_BYTES - headLength));
        heads.push(part);
        headLength += part.length;
      }
      eicar.update(bytes);
      text.update(bytes);
    },
    finish: () => ({
      size,
      sha256: hash.digest('hex'),
      head: Buffer.concat(heads),
      hasEicar: eicar.found(),
      isText: text.finish(),
    }),
  };
};

export type ScanVerdict = {
  status: 'SUCCESS' | 'SUSPICIOUS';
  /** From the content (or, for text, the extension); never from what the client said. */
  mimeType: string;
  extension: string;
  /** Why a file is suspicious (stored, logged, never shown as the tile's message). */
  reason: string | null;
};

const describe = (kind: ContentKind | undefined, isText: boolean) =>
  kind ? contentKindLabels[kind] : isText ? 'text' : 'binary data';

/** The built-in checks: what the inspection found against what the name declares. */
export const classify = (inspection: Inspection, fileName: string): ScanVerdict => {
  const extension = extensionOf(fileName);
  const declared = declaredTypeOf(extension);
  const kind = detectContentKind(inspection.head, { looksBinary: !inspection.isText });
  const suspicious = (reason: string, mimeType = 'application/octet-stream'): ScanVerdict => ({
    status: 'SUSPICIOUS',
    mimeType,
    extension,
    reason,
  });
  const named = extension ? `.${extension}` : 'without an extension';
  if (inspection.hasEicar) return suspicious('The EICAR anti-virus test file.');
  if (kind && executableKinds.has(kind)) {
    // Without an extension (a Unix program) any executable is what it claims.
    const isDeclared = extension === '' || (declared?.kinds.includes(kind) ?? false);
    if (!isDeclared) return suspicious(`${contentKindLabels[kind]} named ${named}.`, mimeTypeOfKind(kind));
  }
  if (declared?.isAnyContent)
    return {
      status: 'SUCCESS',
      mimeType: kind ? mimeTypeOfKind(kind) : declared.mimeType,
      extension,
      reason: null,
    };
  if (declared) {
    const matches = declared.isText
      ? inspection.isText && (kind === undefined || declared.kinds.includes(kind))
      : kind !== undefined && declared.kinds.includes(kind);
    if (!matches)
      return suspicious(
        `${describe(kind, inspection.isText)} named ${named}.`,
        kind ? mimeTypeOfKind(kind) : 'application/octet-stream',
      );
    return { status: 'SUCCESS', mimeType: declared.mimeType, extension, reason: null };
  }
  const mimeType = kind
    ? mimeTypeOfKind(kind)
    : inspection.isText
      ? 'text/plain'
      : 'application/octet-stream';
  return { status: 'SUCCESS', mimeType, extension, reason: null };
};

export type Scanner = {
  readonly usesClamd: boolean;
  createInspector: () => Inspector;
  /**
   * The verdict on a finished file: the built-in checks, then (when they pass and clamd is configured) ClamAV
   * on the stored bytes. Throws `ClamdError` when clamd cannot give a verdict.
   */
  scan: (input: { inspection: Inspection; fileName: string; open: () => Readable }) => Promise<ScanVerdict>;
  /** The same for bytes already in memory (the branding logo, at most 512 KB). */
  scanBytes: (input: { bytes: Buffer; fileName: string }) => Promise<ScanVerdict>;
};

export const createScanner = ({ clamd }: { clamd?: ClamdOptions | undefined }): Scanner => {
  const scan: Scanner['scan'] = async ({ inspection, fileName, open }) => {
    const verdict = classify(inspection, fileName);
    if (verdict.status !== 'SUCCESS' || !clamd) return verdict;
    const found = await clamdScan(clamd, open());
    if (!found.infected) return verdict;
    return { ...verdict, status: 'SUSPICIOUS', reason: `ClamAV: ${found.signature}` };
  };
  return {
    usesClamd: clamd !== undefined,
    createInspector,
    scan,
    scanBytes: async ({ bytes, fileName }) => {
      const inspector = createInspector();
      inspector.update(bytes);
      return scan({ inspection: inspector.finish(), fileName, open: () => Readable.from([bytes]) });
    },
  };
};
