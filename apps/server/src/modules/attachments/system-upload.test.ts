import { describe, expect, it } from 'vitest';
import { safeFileName } from './system-upload.ts';

describe('the name a system upload gets', () => {
  it('keeps the last part of a path without control, direction or invisible characters', () => {
    expect(safeFileName('C:\\Users\\ann\\..\\report.pdf')).toBe('report.pdf');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(safeFileName(' two\t\nlines\u0000 .txt ')).toBe('two lines .txt');
  });

  it('names a nameless file after its declared type, never an executable one', () => {
    expect(safeFileName(undefined, 'application/pdf')).toBe('attachment.pdf');
    expect(safeFileName('..', 'Message/RFC822')).toBe('attachment.eml');
    expect(safeFileName('', 'application/x-sh')).toBe('attachment');
    expect(safeFileName(undefined, 'application/x-unknown')).toBe('attachment');
  });

  it('cuts a long name to 255 characters, keeping its extension', () => {
    const name = safeFileName(`${'a'.repeat(300)}.docx`);
    expect(name).toHaveLength(255);
    expect(name.endsWith('a.docx')).toBe(true);
  });
});
