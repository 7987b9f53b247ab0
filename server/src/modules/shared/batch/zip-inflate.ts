/**
 * A zip bomb guard that trusts nothing the archive declares (issue #12): every entry of the central
 * directory is really inflated, counting the bytes that come out, and inflation stops as soon as the
 * whole archive exceeds the limit. The checked entries are then packed again into a
 * fresh archive whose headers are written by us, so the spreadsheet parser reads exactly the bytes
 * that were counted (a local header that disagrees with the central directory cannot smuggle more).
 */
import zlib from 'node:zlib';

export class ZipTooLargeError extends Error {
  constructor() {
    super('zip content over the limit');
    this.name = 'ZipTooLargeError';
  }
}
export class ZipInvalidError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ZipInvalidError';
  }
}

export type ZipEntry = { name: Buffer; content: Buffer };

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;

function findEnd(data: Buffer): number {
  if (data.length < 22) throw new ZipInvalidError('too short');
  const earliest = Math.max(0, data.length - 22 - 0xffff);
  for (let i = data.length - 22; i >= earliest; i--) if (data.readUInt32LE(i) === SIG_END) return i;
  throw new ZipInvalidError('no end of central directory');
}

/** Inflates every entry, counting real output; throws ZipTooLargeError past `maxTotal` bytes. */
export function inflateEntries(data: Buffer, maxTotal: number): ZipEntry[] {
  if (data.length < 4 || data.readUInt32LE(0) !== SIG_LOCAL) throw new ZipInvalidError('not a zip');
  const end = findEnd(data);
  const count = data.readUInt16LE(end + 10);
  let offset = data.readUInt32LE(end + 16);
  let total = 0;
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== SIG_CENTRAL) throw new ZipInvalidError('bad central directory');
    const flags = data.readUInt16LE(offset + 8);
    const method = data.readUInt16LE(offset + 10);
    const compressed = data.readUInt32LE(offset + 20);
    const nameLength = data.readUInt16LE(offset + 28);
    const next = offset + 46 + nameLength + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
    const local = data.readUInt32LE(offset + 42);
    const name = Buffer.from(data.subarray(offset + 46, offset + 46 + nameLength));
    if (flags & 0x1) throw new ZipInvalidError('encrypted');
    if (compressed === 0xffffffff || local === 0xffffffff) throw new ZipInvalidError('zip64');
    if (local + 30 > data.length || data.readUInt32LE(local) !== SIG_LOCAL) throw new ZipInvalidError('bad local header');
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    if (start + compressed > data.length) throw new ZipInvalidError('entry beyond the archive');
    const raw = data.subarray(start, start + compressed);
    const remaining = maxTotal - total;
    let content: Buffer;
    if (method === 0) {
      if (raw.length > remaining) throw new ZipTooLargeError();
      content = Buffer.from(raw);
    } else if (method === 8) {
      try {
        // maxOutputLength: inflation stops (and throws) once the output would pass what is left.
        content = zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, remaining) });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) throw new ZipTooLargeError();
        throw new ZipInvalidError('damaged entry');
      }
      if (content.length > remaining) throw new ZipTooLargeError();
    } else {
      throw new ZipInvalidError(`compression method ${method}`);
    }
    total += content.length;
    entries.push({ name, content });
    offset = next;
  }
  return entries;
}

/**
 * A zip of `entries` with sizes and CRCs computed from the content (deflated at the fastest level:
 * exceljs' streaming reader mishandles stored entries).
 */
export function packChecked(entries: ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const crc = zlib.crc32(e.content);
    const packed = zlib.deflateRawSync(e.content, { level: 1 });
    const local = Buffer.alloc(30);
    local.writeUInt32LE(SIG_LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.content.length, 22);
    local.writeUInt16LE(e.name.length, 26);
    parts.push(local, e.name, packed);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(SIG_CENTRAL, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(packed.length, 20);
    dir.writeUInt32LE(e.content.length, 24);
    dir.writeUInt16LE(e.name.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, e.name);
    offset += 30 + e.name.length + packed.length;
  }
  const dirSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(SIG_END, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, end]);
}
