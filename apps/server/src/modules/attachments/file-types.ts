/**
 * What a file is by its content (magic bytes) and what its name says it is (the extension), for the
 * attachment scanner (docs/decisions.md "Help tickets and attachments"). A name's type is trusted only as far
 * as the content agrees with it.
 */

/** Kinds recognised by their first bytes. Executable kinds run as programs; the others are documents. */
export type ContentKind =
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'pdf'
  | 'zip'
  | 'gzip'
  | 'ole'
  | 'elf'
  | 'pe'
  | 'macho'
  | 'javaClass'
  | 'script';

export const executableKinds: ReadonlySet<ContentKind> = new Set([
  'elf',
  'pe',
  'macho',
  'javaClass',
  'script',
]);

export const contentKindLabels: Readonly<Record<ContentKind, string>> = {
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  gif: 'a GIF image',
  webp: 'a WebP image',
  pdf: 'a PDF document',
  zip: 'a ZIP archive',
  gzip: 'a gzip archive',
  ole: 'an Office (OLE) document',
  elf: 'an ELF executable',
  pe: 'a Windows (PE) executable',
  macho: 'a Mach-O executable',
  javaClass: 'a Java class file',
  script: 'a script with a #! line',
};

const mimeOfKind: Readonly<Record<ContentKind, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gzip: 'application/gzip',
  ole: 'application/x-ole-storage',
  elf: 'application/x-executable',
  pe: 'application/vnd.microsoft.portable-executable',
  macho: 'application/x-mach-binary',
  javaClass: 'application/java-vm',
  script: 'text/x-shellscript',
};

/**
 * What an extension declares: the content kinds it may hold (none: text), its type, whether it is text, and
 * whether it may hold anything at all (`.bin`: firmware, dumps, programs).
 */
export type DeclaredType = {
  kinds: readonly ContentKind[];
  mimeType: string;
  isText: boolean;
  isAnyContent?: boolean;
};

const binary = (mimeType: string, ...kinds: ContentKind[]): DeclaredType => ({
  kinds,
  mimeType,
  isText: false,
});
const text = (mimeType: string): DeclaredType => ({ kinds: [], mimeType, isText: true });
/** A script: text, and may start with `#!`. */
const script = (mimeType: string): DeclaredType => ({ kinds: ['script'], mimeType, isText: true });

const ooxml = 'application/vnd.openxmlformats-officedocument';
const odf = 'application/vnd.oasis.opendocument';

/** Extensions whose content is checked. Any other extension declares nothing (only executables are refused). */
const declaredTypes: Readonly<Record<string, DeclaredType>> = {
  png: binary('image/png', 'png'),
  jpg: binary('image/jpeg', 'jpeg'),
  jpeg: binary('image/jpeg', 'jpeg'),
  jpe: binary('image/jpeg', 'jpeg'),
  jfif: binary('image/jpeg', 'jpeg'),
  gif: binary('image/gif', 'gif'),
  webp: binary('image/webp', 'webp'),
  pdf: binary('application/pdf', 'pdf'),
  zip: binary('application/zip', 'zip'),
  docx: binary(`${ooxml}.wordprocessingml.document`, 'zip'),
  xlsx: binary(`${ooxml}.spreadsheetml.sheet`, 'zip'),
  pptx: binary(`${ooxml}.presentationml.presentation`, 'zip'),
  odt: binary(`${odf}.text`, 'zip'),
  ods: binary(`${odf}.spreadsheet`, 'zip'),
  odp: binary(`${odf}.presentation`, 'zip'),
  gz: binary('application/gzip', 'gzip'),
  tgz: binary('application/gzip', 'gzip'),
  doc: binary('application/msword', 'ole'),
  xls: binary('application/vnd.ms-excel', 'ole'),
  ppt: binary('application/vnd.ms-powerpoint', 'ole'),
  msg: binary('application/vnd.ms-outlook', 'ole'),
  // Executables under their own names are what they claim (a support case may need one).
  exe: binary(mimeOfKind.pe, 'pe'),
  dll: binary(mimeOfKind.pe, 'pe'),
  sys: binary(mimeOfKind.pe, 'pe'),
  com: binary(mimeOfKind.pe, 'pe'),
  scr: binary(mimeOfKind.pe, 'pe'),
  cpl: binary(mimeOfKind.pe, 'pe'),
  ocx: binary(mimeOfKind.pe, 'pe'),
  efi: binary(mimeOfKind.pe, 'pe'),
  msi: binary('application/x-msi', 'ole'),
  so: binary(mimeOfKind.elf, 'elf'),
  elf: binary(mimeOfKind.elf, 'elf'),
  out: binary(mimeOfKind.elf, 'elf', 'macho'),
  appimage: binary(mimeOfKind.elf, 'elf'),
  dylib: binary(mimeOfKind.macho, 'macho'),
  bundle: binary(mimeOfKind.macho, 'macho'),
  class: binary(mimeOfKind.javaClass, 'javaClass'),
  jar: binary('application/java-archive', 'zip'),
  bin: {
    kinds: [...executableKinds],
    mimeType: 'application/octet-stream',
    isText: false,
    isAnyContent: true,
  },
  run: binary('application/octet-stream', 'elf', 'script'),
  sh: script('application/x-sh'),
  bash: script('application/x-sh'),
  zsh: script('application/x-sh'),
  ksh: script('application/x-sh'),
  command: script('application/x-sh'),
  py: script('text/x-python'),
  pl: script('text/x-perl'),
  rb: script('text/x-ruby'),
  php: script('application/x-httpd-php'),
  js: script('text/javascript'),
  mjs: script('text/javascript'),
  txt: text('text/plain'),
  log: text('text/plain'),
  text: text('text/plain'),
  csv: text('text/csv'),
  tsv: text('text/tab-separated-values'),
  json: text('application/json'),
  xml: text('application/xml'),
  md: text('text/markdown'),
  markdown: text('text/markdown'),
  html: text('text/html'),
  htm: text('text/html'),
  svg: text('image/svg+xml'),
  yaml: text('application/yaml'),
  yml: text('application/yaml'),
  toml: text('application/toml'),
  ini: text('text/plain'),
  conf: text('text/plain'),
  cfg: text('text/plain'),
  properties: text('text/plain'),
  env: text('text/plain'),
  nfo: text('text/plain'),
  reg: text('text/plain'),
  ps1: text('text/plain'),
  psm1: text('text/plain'),
  bat: text('text/plain'),
  cmd: text('text/plain'),
  vbs: text('text/vbscript'),
  sql: text('application/sql'),
  diff: text('text/x-diff'),
  patch: text('text/x-diff'),
  rtf: text('application/rtf'),
  eml: text('message/rfc822'),
};

/** The last dot's extension, lower case; '' for none (`README`, `.bashrc`). */
export const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
};

export const declaredTypeOf = (extension: string): DeclaredType | undefined =>
  Object.hasOwn(declaredTypes, extension) ? declaredTypes[extension] : undefined;

/** An extension declaring this type (a nameless mail attachment's), never an executable's; or undefined. */
export const extensionForMimeType = (mimeType: string) =>
  Object.entries(declaredTypes).find(
    ([, declared]) =>
      declared.mimeType === mimeType &&
      !declared.isAnyContent &&
      !declared.kinds.some((kind) => executableKinds.has(kind)),
  )?.[0];

export const mimeTypeOfKind = (kind: ContentKind) => mimeOfKind[kind];

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, i) => head[at + i] === byte);
const ascii = (head: Buffer, at: number, value: string) =>
  head.length >= at + value.length && head.toString('latin1', at, at + value.length) === value;

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** A Windows executable: `MZ`, and the `PE\0\0` header where the DOS header points. */
const isPortableExecutable = (head: Buffer, looksBinary: boolean) => {
  if (!ascii(head, 0, 'MZ')) return false;
  if (head.length >= 0x40) {
    const peOffset = head.readUInt32LE(0x3c);
    if (ascii(head, peOffset, 'PE\0\0')) return true;
  }
  // An old DOS program has no PE header; text that merely starts with "MZ" is not one.
  return looksBinary;
};

/** `CA FE BA BE` starts both a universal Mach-O (a few architectures) and a Java class (version ≥ 45). */
const fatOrClass = (head: Buffer): ContentKind | undefined => {
  if (!startsWith(head, [0xca, 0xfe, 0xba, 0xbe]) && !startsWith(head, [0xca, 0xfe, 0xba, 0xbf]))
    return undefined;
  if (head.length < 8) return 'macho';
  return head.readUInt32BE(4) < 30 ? 'macho' : 'javaClass';
};

const MACHO_MAGICS = [
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
];

/**
 * The kind of a file by its first bytes (at least the first 8 KB, or the whole file when shorter), or undefined
 * for content without a signature (text, or a format not listed).
 */
export const detectContentKind = (head: Buffer, { looksBinary }: { looksBinary: boolean }) => {
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return 'elf';
  if (isPortableExecutable(head, looksBinary)) return 'pe';
  if (MACHO_MAGICS.some((magic) => startsWith(head, magic))) return 'macho';
  const fat = fatOrClass(head);
  if (fat) return fat;
  const textStart = startsWith(head, UTF8_BOM) ? 3 : 0;
  if (ascii(head, textStart, '#!')) return 'script';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return 'gif';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'webp';
  // PDF readers accept the header anywhere in the first kilobyte.
  if (head.subarray(0, 1024).includes('%PDF-', 0, 'latin1')) return 'pdf';
  if (
    ascii(head, 0, 'PK\u0003\u0004') ||
    ascii(head, 0, 'PK\u0005\u0006') ||
    ascii(head, 0, 'PK\u0007\u0008')
  )
    return 'zip';
  if (startsWith(head, [0x1f, 0x8b, 0x08])) return 'gzip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  return undefined;
};
