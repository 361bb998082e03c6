import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { ORIGIN, type TestContext } from './helpers.ts';

/** Files for the attachment tests: real formats where it matters, the EICAR test string, executables' headers. */

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real PNG (8-bit RGB, one colour), with an optional text chunk. */
export const makePng = (width = 4, height = 4, { text }: { text?: Buffer } = {}) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x40)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...(text ? [pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), text]))] : []),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

/** The EICAR anti-virus test file (assembled here, so this source is not itself flagged). */
export const eicarFile = () =>
  Buffer.from(`${'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR'}${'-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'}`, 'latin1');

/** The first bytes of a 64-bit Linux executable (ELF header), then some code-like bytes. */
export const elfFile = () =>
  Buffer.concat([
    Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
    Buffer.alloc(8),
    Buffer.from([0x02, 0x00, 0x3e, 0x00, 0x01, 0x00, 0x00, 0x00]),
    Buffer.alloc(200, 0x90),
  ]);

/** A Windows executable: the DOS header pointing at `PE\0\0`. */
export const peFile = () => {
  const bytes = Buffer.alloc(256);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
};

/** A universal (fat) Mach-O binary with two architectures. */
export const fatMachOFile = () => {
  const bytes = Buffer.alloc(128);
  bytes.writeUInt32BE(0xcafebabe, 0);
  bytes.writeUInt32BE(2, 4);
  return bytes;
};

export const pdfFile = () =>
  Buffer.from(
    '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );

/** An empty ZIP archive's end record (what every ZIP, DOCX and XLSX starts or ends with). */
export const zipFile = () => Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(60, 0x01)]);

/** `POST /ws/{helpdesk}/upload-attachment` as a signed-in browser sends it. */
export const uploadAttachment = (
  ctx: TestContext,
  payload: unknown,
  { cookie, helpDesk = 'support' }: { cookie?: string; helpDesk?: string } = {},
): Promise<LightMyRequestResponse> =>
  ctx.app.inject({
    method: 'POST',
    url: `/ws/${helpDesk}/upload-attachment`,
    headers: { cookie: cookie ?? ctx.adminCookie, origin: ORIGIN, 'content-type': 'application/json' },
    payload: typeof payload === 'string' || payload instanceof Readable ? payload : JSON.stringify(payload),
  });

export const uploadFile = (ctx: TestContext, bytes: Buffer, fileName: string, cookie?: string) =>
  uploadAttachment(ctx, { file: bytes.toString('base64'), fileName }, { cookie });

/**
 * An upload body of `size` decoded bytes (of a repeated pattern) as a stream: the base64 is made chunk by chunk,
 * never as one string.
 */
export const streamedUploadBody = (size: number, fileName = 'large.bin') => {
  const pattern = Buffer.alloc(3 * 65536, 0x41); // "AAA" -> "QUFB": whole base64 quads per chunk
  const quads = pattern.toString('base64');
  async function* body() {
    yield Buffer.from(`{"fileName":${JSON.stringify(fileName)},"file":"`);
    let left = size;
    while (left >= pattern.length) {
      yield Buffer.from(quads, 'latin1');
      left -= pattern.length;
    }
    if (left > 0) yield Buffer.from(pattern.subarray(0, left).toString('base64'), 'latin1');
    yield Buffer.from('"}');
  }
  return Readable.from(body(), { objectMode: false });
};
