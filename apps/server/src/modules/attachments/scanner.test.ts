import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  eicarFile,
  elfFile,
  fatMachOFile,
  makePng,
  pdfFile,
  peFile,
  zipFile,
} from '../../../test/attachment-files.ts';
import { classify, createInspector, EICAR } from './scanner.ts';

/** Inspects the bytes fed in pieces of `chunk` bytes (so boundaries fall everywhere), then classifies them. */
const verdictOf = (bytes: Buffer, fileName: string, chunk = 7) => {
  const inspector = createInspector();
  for (let at = 0; at < bytes.length; at += chunk) inspector.update(bytes.subarray(at, at + chunk));
  return classify(inspector.finish(), fileName);
};

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);
const gif = Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'latin1');
const webp = Buffer.concat([Buffer.from('RIFF\u0004\u0000\u0000\u0000WEBPVP8 ', 'latin1'), Buffer.alloc(20)]);
const gzip = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x03, 0x00]);
const machO = Buffer.concat([
  Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 0x07, 0x00, 0x00, 0x01]),
  Buffer.alloc(64),
]);
const javaClass = Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0x00, 0x00, 0x00, 0x34, 0x00, 0x10]);

describe('the attachment scanner', () => {
  it.each([
    [makePng(), 'a.png', 'image/png'],
    [jpeg, 'photo.JPG', 'image/jpeg'],
    [gif, 'a.gif', 'image/gif'],
    [webp, 'a.webp', 'image/webp'],
    [pdfFile(), 'manual.pdf', 'application/pdf'],
    [Buffer.concat([Buffer.from('junk before the header '), pdfFile()]), 'late.pdf', 'application/pdf'],
    [zipFile(), 'report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    [zipFile(), 'sheet.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    [zipFile(), 'logs.zip', 'application/zip'],
    [gzip, 'logs.tar.gz', 'application/gzip'],
    [Buffer.from('Größe: 12 MB\nÉtat: OK ✓\n'), 'notes.txt', 'text/plain'],
    [utf16le('Windows PowerShell transcript\r\n'), 'transcript.log', 'text/plain'],
    [Buffer.from('a,b\n1,2\n'), 'data.csv', 'text/csv'],
    [Buffer.from('MZ Transport notes, not a program\n'), 'mz.txt', 'text/plain'],
    [Buffer.alloc(0), 'empty.txt', 'text/plain'],
    [peFile(), 'setup.exe', 'application/vnd.microsoft.portable-executable'],
    [machO, 'libthing.dylib', 'application/x-mach-binary'],
    [elfFile(), 'rmm-agent', 'application/x-executable'],
    [Buffer.from('#!/bin/sh\necho hello\n'), 'fix.sh', 'application/x-sh'],
    [Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe]), 'dump.dat', 'application/octet-stream'],
    [Buffer.from('AAAA'), 'firmware.bin', 'application/octet-stream'],
    [elfFile(), 'flasher.bin', 'application/x-executable'],
    [makePng(), 'picture.heic', 'image/png'],
    [Buffer.from('plain words'), 'words.unknownext', 'text/plain'],
  ])('passes %#: %s as %s', (bytes, fileName, mimeType) => {
    expect(verdictOf(bytes, fileName)).toEqual({
      status: 'SUCCESS',
      mimeType,
      extension: fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '',
      reason: null,
    });
  });

  it.each([
    [eicarFile(), 'eicar.txt', 'The EICAR anti-virus test file.'],
    [Buffer.concat([Buffer.from('x'.repeat(1000)), EICAR, Buffer.from('y'.repeat(1000))]), 'a.log', 'EICAR'],
    [elfFile(), 'holiday.png', 'an ELF executable named .png.'],
    [elfFile(), 'data.dat', 'an ELF executable named .dat.'],
    [peFile(), 'invoice.pdf', 'a Windows (PE) executable named .pdf.'],
    [peFile(), 'tool.so', 'a Windows (PE) executable named .so.'],
    [fatMachOFile(), 'cat.jpg', 'a Mach-O executable named .jpg.'],
    [machO, 'readme.md', 'a Mach-O executable named .md.'],
    [javaClass, 'icon.png', 'a Java class file named .png.'],
    [Buffer.from('#!/bin/bash\nrm -rf /\n'), 'notes.txt', 'a script with a #! line named .txt.'],
    [pdfFile(), 'scan.png', 'a PDF document named .png.'],
    [makePng(), 'contract.pdf', 'a PNG image named .pdf.'],
    [zipFile(), 'photo.jpeg', 'a ZIP archive named .jpeg.'],
    [makePng(), 'report.docx', 'a PNG image named .docx.'],
    [Buffer.from('just text'), 'image.png', 'text named .png.'],
    [Buffer.alloc(0), 'empty.png', 'text named .png.'],
    [Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), 'latin1.txt', 'binary data named .txt.'],
    [Buffer.from('a,b\u0000c\n'), 'nul.csv', 'binary data named .csv.'],
    [makePng(), 'image.txt', 'a PNG image named .txt.'],
  ])('flags %#: %s', (bytes, fileName, reason) => {
    const verdict = verdictOf(bytes, fileName);
    expect(verdict.status).toBe('SUSPICIOUS');
    expect(verdict.reason).toContain(reason.replace(/^an?\s/, ''));
  });

  it('finds the EICAR string across every chunk boundary', () => {
    const file = Buffer.concat([Buffer.alloc(100, 0x20), EICAR, Buffer.alloc(100, 0x20)]);
    for (const chunk of [1, 2, 13, 67, 68, 69, 1000])
      expect(verdictOf(file, 'x.txt', chunk).reason, String(chunk)).toBe('The EICAR anti-virus test file.');
  });

  it('hashes and measures what it is fed, and keeps text split inside a character as text', () => {
    const text = Buffer.from('ü'.repeat(5000));
    const inspector = createInspector();
    for (let at = 0; at < text.length; at += 3) inspector.update(text.subarray(at, at + 3));
    const inspection = inspector.finish();
    expect(inspection).toMatchObject({
      size: text.length,
      sha256: createHash('sha256').update(text).digest('hex'),
      isText: true,
      hasEicar: false,
    });
    expect(inspection.head.length).toBe(8192);
  });
});
