import { LOGO_SERVER_MAX_DIMENSION, type LogoImageType } from '@rmm/domain';

/**
 * The built-in image check of an uploaded logo (docs/decisions.md "Branding"): the bytes must be the PNG,
 * JPEG or WebP the upload claims, well formed to its end marker, with nothing after it and no markup or
 * script inside. It runs after the attachment scanner (`attachments/scanner.ts`: EICAR, executables, a type
 * that is not the content's, ClamAV when configured); it refuses what a browser could be tricked into reading
 * as something other than an image.
 */

export type ImageVerdict =
  | { ok: true; type: LogoImageType; width: number; height: number }
  | { ok: false; reason: 'suspicious' | 'invalid'; detail: string };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Markup that has no business in an image: a polyglot file read as HTML/SVG/PHP would run it. */
const MARKUP = [
  '<script',
  '<html',
  '<body',
  '<iframe',
  '<svg',
  '<!doctype',
  '<?php',
  '<object',
  '<embed',
  'javascript:',
  'onload=',
  'onerror=',
];

const typeOfName = (fileName: string): LogoImageType | 'other' => {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  if (extension === 'png') return 'image/png';
  if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg';
  if (extension === 'webp') return 'image/webp';
  return 'other';
};

const typeOfMime = (mimeType: string): LogoImageType | 'other' => {
  const type = mimeType.toLowerCase().split(';')[0]!.trim();
  if (type === 'image/jpg' || type === 'image/pjpeg') return 'image/jpeg';
  return type === 'image/png' || type === 'image/jpeg' || type === 'image/webp' ? type : 'other';
};

export const sniffImageType = (bytes: Buffer): LogoImageType | undefined => {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return undefined;
};

type Structure = { width: number; height: number } | { reason: 'suspicious' | 'invalid'; detail: string };

const pngStructure = (bytes: Buffer): Structure => {
  let offset = 8;
  let size: { width: number; height: number } | undefined;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > bytes.length) return { reason: 'invalid', detail: 'The image is cut short.' };
    if (!size) {
      if (type !== 'IHDR' || length !== 13) return { reason: 'invalid', detail: 'The PNG has no header.' };
      size = { width: bytes.readUInt32BE(offset + 8), height: bytes.readUInt32BE(offset + 12) };
    }
    if (type === 'IEND') {
      if (end !== bytes.length) return { reason: 'suspicious', detail: 'Data follows the end of the PNG.' };
      return size;
    }
    offset = end;
  }
  return { reason: 'invalid', detail: 'The image is cut short.' };
};

const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

const jpegStructure = (bytes: Buffer): Structure => {
  let offset = 2;
  let size: { width: number; height: number } | undefined;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return { reason: 'invalid', detail: 'The JPEG is damaged.' };
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length)
      return { reason: 'invalid', detail: 'The image is cut short.' };
    if (isStartOfFrame(marker) && length >= 7)
      size = { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    if (marker === 0xda) break; // start of scan: entropy-coded data up to the end marker
    offset += 2 + length;
  }
  if (!size) return { reason: 'invalid', detail: 'The JPEG has no frame header.' };
  const last = bytes.length;
  if (last < 4 || bytes[last - 2] !== 0xff || bytes[last - 1] !== 0xd9) {
    const endMarker = bytes.indexOf(Buffer.from([0xff, 0xd9]), offset);
    return endMarker >= 0
      ? { reason: 'suspicious', detail: 'Data follows the end of the JPEG.' }
      : { reason: 'invalid', detail: 'The image is cut short.' };
  }
  return size;
};

const webpStructure = (bytes: Buffer): Structure => {
  const riffEnd = 8 + bytes.readUInt32LE(4);
  if (riffEnd + (riffEnd % 2) < bytes.length)
    return { reason: 'suspicious', detail: 'Data follows the end of the WebP.' };
  if (riffEnd > bytes.length || bytes.length < 30)
    return { reason: 'invalid', detail: 'The image is cut short.' };
  const chunk = bytes.toString('latin1', 12, 16);
  const data = 20;
  if (chunk === 'VP8 ') {
    if (bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a)
      return { reason: 'invalid', detail: 'The WebP is damaged.' };
    return {
      width: bytes.readUInt16LE(data + 6) & 0x3fff,
      height: bytes.readUInt16LE(data + 8) & 0x3fff,
    };
  }
  if (chunk === 'VP8L') {
    if (bytes[data] !== 0x2f) return { reason: 'invalid', detail: 'The WebP is damaged.' };
    const bits = bytes.readUInt32LE(data + 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X')
    return { width: bytes.readUIntLE(data + 4, 3) + 1, height: bytes.readUIntLE(data + 7, 3) + 1 };
  return { reason: 'invalid', detail: 'The WebP is damaged.' };
};

const structureOf: Record<LogoImageType, (bytes: Buffer) => Structure> = {
  'image/png': pngStructure,
  'image/jpeg': jpegStructure,
  'image/webp': webpStructure,
};

export const checkImage = ({
  bytes,
  fileName,
  mimeType,
}: {
  bytes: Buffer;
  fileName: string;
  mimeType: string;
}): ImageVerdict => {
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, reason: 'suspicious', detail: 'The file is not a PNG, JPEG or WebP image.' };
  // A file that names itself something else (an .html or .svg, text/html) is not what it claims.
  if (typeOfMime(mimeType) !== type || typeOfName(fileName) !== type)
    return { ok: false, reason: 'suspicious', detail: 'The file is not the kind of image it claims to be.' };
  const text = bytes.toString('latin1').toLowerCase();
  const markup = MARKUP.find((needle) => text.includes(needle));
  if (markup) return { ok: false, reason: 'suspicious', detail: 'The image holds markup or script.' };
  const structure = structureOf[type](bytes);
  if ('reason' in structure) return { ok: false, ...structure };
  const { width, height } = structure;
  if (width < 1 || height < 1) return { ok: false, reason: 'invalid', detail: 'The image is empty.' };
  if (width > LOGO_SERVER_MAX_DIMENSION || height > LOGO_SERVER_MAX_DIMENSION)
    return {
      ok: false,
      reason: 'invalid',
      detail: `The image is larger than ${LOGO_SERVER_MAX_DIMENSION} × ${LOGO_SERVER_MAX_DIMENSION} pixels.`,
    };
  return { ok: true, type, width, height };
};
