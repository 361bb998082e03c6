import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A streaming zip writer (PKWARE APPNOTE 6.3): each entry's local header, its data (stored or deflated), then a
 * data descriptor with CRC and sizes, so nothing is buffered; the central directory at the end. ZIP64 records
 * are added for entries or archives past 4 GiB or 65,535 entries. Names are UTF-8 (flag bit 11) unless their
 * bytes are not, unix modes go in the external attributes.
 */
export type ZipMethod = 'store' | 'deflate';

type CentralEntry = {
  name: Buffer;
  isUtf8: boolean;
  method: number;
  dosTime: number;
  dosDate: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
  mode: number;
  zip64: boolean;
};

const U32 = 0xffffffff;
const ZIP64_SIZE_THRESHOLD = 0xffff0000;
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const MADE_BY_UNIX = (3 << 8) | 45;

const dosDateTime = (date: Date) => {
  const year = Math.max(1980, date.getFullYear());
  return {
    dosTime: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    dosDate: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
};

const isUtf8 = (bytes: Buffer) => Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);

export class ZipWriter {
  private offset = 0;
  private readonly entries: CentralEntry[] = [];

  constructor(
    private readonly out: Writable,
    private readonly level = 6,
  ) {}

  private async write(data: Buffer): Promise<void> {
    this.offset += data.length;
    if (!this.out.write(data)) await once(this.out, 'drain');
  }

  addDirectory(name: Buffer, mtime: Date, mode = 0o755): Promise<void> {
    const withSlash = name[name.length - 1] === 0x2f ? name : Buffer.concat([name, Buffer.from('/')]);
    return this.addEntry(withSlash, mtime, 0o040000 | mode, 'store', 0, (async function* () {})());
  }

  addSymlink(name: Buffer, target: Buffer, mtime: Date): Promise<void> {
    return this.addEntry(
      name,
      mtime,
      0o120777,
      'store',
      target.length,
      (async function* () {
        yield target;
      })(),
    );
  }

  addFile(
    name: Buffer,
    mtime: Date,
    mode: number,
    size: number,
    data: AsyncIterable<Buffer>,
    method: ZipMethod = 'deflate',
  ) {
    return this.addEntry(name, mtime, 0o100000 | (mode & 0o7777), method, size, data);
  }

  private async addEntry(
    name: Buffer,
    mtime: Date,
    mode: number,
    method: ZipMethod,
    size: number,
    data: AsyncIterable<Buffer>,
  ): Promise<void> {
    const entry: CentralEntry = {
      name,
      isUtf8: isUtf8(name),
      method: method === 'deflate' ? 8 : 0,
      ...dosDateTime(mtime),
      crc: 0,
      compressedSize: 0,
      size: 0,
      offset: this.offset,
      mode,
      zip64: size >= ZIP64_SIZE_THRESHOLD,
    };
    await this.write(this.localHeader(entry));
    let crc = 0;
    let plain = 0;
    let compressed = 0;
    const measure = async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        crc = crc32(chunk, crc);
        plain += chunk.length;
        yield chunk;
      }
    };
    const sink = async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) {
        compressed += chunk.length;
        await this.write(chunk);
      }
    };
    if (entry.method === 8) await pipeline(data, measure, createDeflateRaw({ level: this.level }), sink);
    else await pipeline(data, measure, sink);
    Object.assign(entry, { crc, size: plain, compressedSize: compressed });
    await this.write(this.dataDescriptor(entry));
    this.entries.push(entry);
  }

  private flags(entry: CentralEntry) {
    return FLAG_DESCRIPTOR | (entry.isUtf8 ? FLAG_UTF8 : 0);
  }

  private localHeader(entry: CentralEntry): Buffer {
    const extra = entry.zip64 ? Buffer.alloc(20) : Buffer.alloc(0);
    if (entry.zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(16, 2); // sizes are in the data descriptor: zeros here
    }
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(entry.zip64 ? 45 : 20, 4);
    header.writeUInt16LE(this.flags(entry), 6);
    header.writeUInt16LE(entry.method, 8);
    header.writeUInt16LE(entry.dosTime, 10);
    header.writeUInt16LE(entry.dosDate, 12);
    header.writeUInt32LE(0, 14);
    header.writeUInt32LE(entry.zip64 ? U32 : 0, 18);
    header.writeUInt32LE(entry.zip64 ? U32 : 0, 22);
    header.writeUInt16LE(entry.name.length, 26);
    header.writeUInt16LE(extra.length, 28);
    return Buffer.concat([header, entry.name, extra]);
  }

  private dataDescriptor(entry: CentralEntry): Buffer {
    const wide = entry.zip64;
    const descriptor = Buffer.alloc(wide ? 24 : 16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    if (wide) {
      descriptor.writeBigUInt64LE(BigInt(entry.compressedSize), 8);
      descriptor.writeBigUInt64LE(BigInt(entry.size), 16);
    } else {
      descriptor.writeUInt32LE(entry.compressedSize, 8);
      descriptor.writeUInt32LE(entry.size, 12);
    }
    return descriptor;
  }

  private centralHeader(entry: CentralEntry): Buffer {
    const bigOffset = entry.offset >= U32;
    const wide = entry.zip64 || bigOffset;
    const fields: bigint[] = [];
    if (entry.zip64) fields.push(BigInt(entry.size), BigInt(entry.compressedSize));
    if (bigOffset) fields.push(BigInt(entry.offset));
    const extra = Buffer.alloc(wide ? 4 + fields.length * 8 : 0);
    if (wide) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(fields.length * 8, 2);
      for (const [i, value] of fields.entries()) extra.writeBigUInt64LE(value, 4 + i * 8);
    }
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(MADE_BY_UNIX, 4);
    header.writeUInt16LE(wide ? 45 : 20, 6);
    header.writeUInt16LE(this.flags(entry), 8);
    header.writeUInt16LE(entry.method, 10);
    header.writeUInt16LE(entry.dosTime, 12);
    header.writeUInt16LE(entry.dosDate, 14);
    header.writeUInt32LE(entry.crc >>> 0, 16);
    header.writeUInt32LE(entry.zip64 ? U32 : entry.compressedSize, 20);
    header.writeUInt32LE(entry.zip64 ? U32 : entry.size, 24);
    header.writeUInt16LE(entry.name.length, 28);
    header.writeUInt16LE(extra.length, 30);
    header.writeUInt32LE(((entry.mode & 0xffff) << 16) >>> 0, 38);
    header.writeUInt32LE(bigOffset ? U32 : entry.offset, 42);
    return Buffer.concat([header, entry.name, extra]);
  }

  /** Writes the central directory and ends the archive (the output stream is left open). */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) await this.write(this.centralHeader(entry));
    const size = this.offset - start;
    const count = this.entries.length;
    const wide = count >= 0xffff || start >= U32 || size >= U32;
    if (wide) {
      const record = Buffer.alloc(56);
      record.writeUInt32LE(0x06064b50, 0);
      record.writeBigUInt64LE(44n, 4);
      record.writeUInt16LE(MADE_BY_UNIX, 12);
      record.writeUInt16LE(45, 14);
      record.writeBigUInt64LE(BigInt(count), 24);
      record.writeBigUInt64LE(BigInt(count), 32);
      record.writeBigUInt64LE(BigInt(size), 40);
      record.writeBigUInt64LE(BigInt(start), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(this.offset), 8);
      locator.writeUInt32LE(1, 16);
      await this.write(Buffer.concat([record, locator]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(wide ? 0xffff : count, 8);
    end.writeUInt16LE(wide ? 0xffff : count, 10);
    end.writeUInt32LE(wide ? U32 : size, 12);
    end.writeUInt32LE(wide ? U32 : start, 16);
    await this.write(end);
  }
}
