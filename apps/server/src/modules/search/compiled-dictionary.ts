/**
 * The Polish dictionary's entries, compiled once by the build into a file
 * beside the server's bundle (`dist/polish-dictionary.bin`, build.mjs), so a
 * start reads 8.5 MB instead of building the hash table from the 300,000-line
 * word list: that took about 0.5 s of CPU just after the server began to
 * listen, and the first requests waited for it (bench/README.md, cold start).
 * Run from source (tests, `npm run dev`) there is no such file and the
 * entries are compiled in memory, by the same function the build uses.
 *
 * The file: a header (magic, format, entry count, slot count, record bytes,
 * and the fingerprint of the word list it was compiled from), the hash table
 * as little-endian 32-bit integers, then the records. A file of another
 * format, from another word list, or cut short is ignored.
 */
import {
  closeSync,
  fstatSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CompiledEntries, compileEntries } from './hunspell';

const MAGIC = 0x4349444b; // "KDIC" read as a little-endian integer
const FORMAT = 1;
/** magic, format, size, slot count, record bytes, fingerprint bytes: six 32-bit integers. */
const FIXED_HEADER_BYTES = 24;
/** Where the bundled server finds it: dist/, beside main.js. */
const COMPILED_FILE = fileURLToPath(new URL('./polish-dictionary.bin', import.meta.url));

/** The folder of the npm package dictionary-pl (index.aff, index.dic). */
export function polishDictionaryDirectory(): string {
  return dirname(createRequire(import.meta.url).resolve('dictionary-pl'));
}

/** The entries: as the build compiled them when that file matches, else compiled now. */
export function polishEntries(directory: string): CompiledEntries {
  return readCompiledEntries(COMPILED_FILE, fingerprintOf(directory)) ?? compileWordList(directory);
}

/** For the build: compiles the word list and writes the file. */
export function writeCompiledDictionary(file: string): void {
  const directory = polishDictionaryDirectory();
  writeCompiledEntries(file, compileWordList(directory), fingerprintOf(directory));
}

function compileWordList(directory: string): CompiledEntries {
  return compileEntries(readFileSync(join(directory, 'index.dic'), 'utf8'));
}

/** The package's version and the word list's length: a new dictionary makes older files stale. */
function fingerprintOf(directory: string): string {
  const { version } = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as {
    version: string;
  };
  return `dictionary-pl@${version}:${statSync(join(directory, 'index.dic')).size}`;
}

export function writeCompiledEntries(
  file: string,
  entries: CompiledEntries,
  fingerprint: string,
): void {
  const fingerprintBytes = Buffer.from(fingerprint, 'utf8');
  const header = Buffer.alloc(headerBytes(fingerprintBytes.length));
  const numbers = [MAGIC, FORMAT, entries.size, entries.slots.length, entries.records.length];
  for (const [i, value] of numbers.entries()) header.writeUInt32LE(value, i * 4);
  header.writeUInt32LE(fingerprintBytes.length, 20);
  fingerprintBytes.copy(header, FIXED_HEADER_BYTES);
  const slots = Buffer.alloc(entries.slots.length * 4);
  for (const [i, offset] of entries.slots.entries()) slots.writeInt32LE(offset, i * 4);
  writeFileSync(file, Buffer.concat([header, slots, entries.records]));
}

/** The entries in `file`, or null when it is missing, of another format or word list, or cut short. */
export function readCompiledEntries(file: string, fingerprint: string): CompiledEntries | null {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    const fixed = Buffer.alloc(FIXED_HEADER_BYTES);
    if (!readFully(descriptor, fixed, 0)) return null;
    const [magic, format, size, slotCount, recordBytes, fingerprintLength] = [0, 1, 2, 3, 4, 5].map(
      (i) => fixed.readUInt32LE(i * 4),
    ) as [number, number, number, number, number, number];
    const expected = Buffer.from(fingerprint, 'utf8');
    if (magic !== MAGIC || format !== FORMAT || fingerprintLength !== expected.length) return null;
    const start = headerBytes(fingerprintLength);
    if (fstatSync(descriptor).size !== start + slotCount * 4 + recordBytes) return null;
    const found = Buffer.alloc(fingerprintLength);
    if (!readFully(descriptor, found, FIXED_HEADER_BYTES) || !found.equals(expected)) return null;
    // A power of two (the analyser masks hashes with it) with room left for the entries.
    if (slotCount === 0 || (slotCount & (slotCount - 1)) !== 0 || slotCount <= size) return null;
    // Read straight into the arrays the analyser keeps (this machine's byte order is
    // checked: every supported server is little-endian, so this is one copy).
    const slots = new Int32Array(slotCount);
    if (!readFully(descriptor, new Uint8Array(slots.buffer), start)) return null;
    if (!isLittleEndian()) {
      const view = new DataView(slots.buffer);
      for (let i = 0; i < slotCount; i++) slots[i] = view.getInt32(i * 4, true);
    }
    const records = Buffer.allocUnsafeSlow(recordBytes);
    if (!readFully(descriptor, records, start + slotCount * 4)) return null;
    return { records, slots, size };
  } finally {
    closeSync(descriptor);
  }
}

/** Fills `target` from `position` on; false when the file ends first. */
function readFully(descriptor: number, target: Uint8Array, position: number): boolean {
  let done = 0;
  while (done < target.length) {
    const read = readSync(descriptor, target, done, target.length - done, position + done);
    if (read === 0) return false;
    done += read;
  }
  return true;
}

/** The header, padded to a multiple of four bytes. */
function headerBytes(fingerprintLength: number): number {
  return Math.ceil((FIXED_HEADER_BYTES + fingerprintLength) / 4) * 4;
}

function isLittleEndian(): boolean {
  return new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
}
