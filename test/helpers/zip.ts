/**
 * Writes small zip archives for the trial tests: stored (uncompressed) entries whose names
 * are given as raw bytes, so a test makes the archives Japanese archivers write (Shift-JIS
 * names without the UTF-8 flag) or, with `utf8`, flagged UTF-8 names. Only what the tests
 * need of the format (APPNOTE 4.3: local headers, central directory, end record).
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

/** One entry: its name (bytes as stored; a string is written as UTF-8 with the flag), and a file's content (none: a folder, its name ending in '/'). */
export interface ZipEntry { name: Buffer | string; data?: Buffer | string }

/** Writes `entries` as a zip file at `file`; answers its bytes. */
export function writeZip(file: string, entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = typeof e.name === 'string' ? Buffer.from(e.name, 'utf8') : e.name;
    const flags = typeof e.name === 'string' ? 0x800 : 0;
    const data = Buffer.from(e.data ?? '');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  const zip = Buffer.concat([...locals, directory, end]);
  fs.writeFileSync(file, zip);
  return zip;
}
