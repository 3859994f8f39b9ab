import { inflateRawSync } from 'node:zlib';
import {
  EXCEL_WORKBOOK,
  OPENDOCUMENT_PRESENTATION,
  OPENDOCUMENT_SPREADSHEET,
  OPENDOCUMENT_TEXT,
  POWERPOINT_PRESENTATION,
  WORD_DOCUMENT,
} from '@studio/shared/file-types';
import { scanXml } from './xml-attributes';

/**
 * Office documents are ZIP archives; what they are is written inside them:
 * OOXML (docx, xlsx, pptx) names its main part in `_rels/.rels` and that
 * part's content type in `[Content_Types].xml`, OpenDocument (odt, ods, odp) stores its type in a
 * `mimetype` entry. The archive is read from its central directory (the
 * authoritative list of entries, unlike local headers, which can be stuffed),
 * with every offset checked against the buffer, so a crafted archive can make
 * this answer "plain ZIP" or "not a document", never read out of bounds.
 */

export type ZipVerdict =
  | { kind: 'document'; mime: string }
  /** docm, xlsm, pptm, any OOXML carrying a VBA project, or an OpenDocument carrying macros: refused. */
  | { kind: 'macro' }
  /** A ZIP that is not an office document (or one we cannot read): treated as a plain ZIP. */
  | { kind: 'zip' };

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN_BYTES = 22;
/** The EOCD record ends the file, followed by at most a 65 535-byte comment. */
const EOCD_SEARCH_BYTES = EOCD_MIN_BYTES + 0xffff;
/** Real documents have hundreds of entries; more is not worth walking. */
const MAX_ENTRIES = 20_000;
/** The small XML parts read here; a larger one (a zip bomb) is not inflated past this. */
const MAX_PART_BYTES = 1024 * 1024;
/** All XML read from one package; real documents' content types and relationships add up to kilobytes. */
const MAX_PACKAGE_XML_BYTES = 8 * MAX_PART_BYTES;

const OOXML_MAIN_TYPES: Record<string, string> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml': WORD_DOCUMENT,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml': EXCEL_WORKBOOK,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml':
    POWERPOINT_PRESENTATION,
};
const ODF_TYPES = new Set([OPENDOCUMENT_TEXT, OPENDOCUMENT_SPREADSHEET, OPENDOCUMENT_PRESENTATION]);
/**
 * Where an OpenDocument keeps the macros it carries: LibreOffice writes Basic
 * modules and their dialogs under `Basic/` and `Dialogs/`, Python, JavaScript
 * and BeanShell scripts under `Scripts/`. Any entry there makes it
 * macro-enabled, whatever the manifest lists.
 */
const ODF_MACRO_FOLDERS = ['basic/', 'dialogs/', 'scripts/'];

export function inspectZip(data: Buffer): ZipVerdict {
  const entries = readCentralDirectory(data);
  if (!entries) return { kind: 'zip' };
  const byName = new Map(entries.map((entry) => [entry.name, entry]));

  const contentTypes = byName.get('[Content_Types].xml');
  if (contentTypes) return classifyOoxml(data, contentTypes, entries);

  const mimetype = byName.get('mimetype');
  if (mimetype) {
    const declared = readEntry(data, mimetype)?.toString('latin1').trim();
    if (declared && ODF_TYPES.has(declared)) {
      const carriesMacros = entries.some((entry) =>
        ODF_MACRO_FOLDERS.some((folder) => entry.name.toLowerCase().startsWith(folder)),
      );
      return carriesMacros ? { kind: 'macro' } : { kind: 'document', mime: declared };
    }
  }
  return { kind: 'zip' };
}

/**
 * An OOXML package read as Office reads it (review N9): the XML of
 * `[Content_Types].xml` and of every `.rels` part decoded (character
 * references included), the main part found through the package
 * relationship `officeDocument` in `_rels/.rels` and typed by ITS content
 * type, not by the first main type named anywhere. Refused as a macro:
 * a VBA project by name, by content type or by relationship, any ActiveX
 * part or relationship, any `macroEnabled` content type, and a package whose
 * XML cannot be read the way Office would (a DTD, a broken reference).
 */
function classifyOoxml(data: Buffer, contentTypes: ZipEntry, entries: ZipEntry[]): ZipVerdict {
  if (entries.some((entry) => isMacroPartName(entry.name))) return { kind: 'macro' };
  let budget = MAX_PACKAGE_XML_BYTES;
  const readXml = (entry: ZipEntry) => {
    const bytes = readEntry(data, entry);
    if (!bytes || bytes.length > budget) return null;
    budget -= bytes.length;
    return scanXml(bytes.toString('utf8'));
  };

  const types = readXml(contentTypes);
  if (!types) return { kind: 'zip' };
  if (types.unreadable) return { kind: 'macro' };
  const defaults = new Map<string, string>();
  const overrides = new Map<string, string>();
  for (const element of types.elements) {
    // Every value counts, wherever it stands: a decoy element cannot hide a macro type.
    for (const value of element.attributes.values()) {
      if (isMacroContentType(value)) return { kind: 'macro' };
    }
    const type = element.attributes.get('ContentType');
    if (type === undefined) continue;
    const extension = element.attributes.get('Extension');
    const part = element.attributes.get('PartName');
    if (element.name === 'Default' && extension !== undefined) {
      defaults.set(extension.toLowerCase(), type);
    } else if (element.name === 'Override' && part !== undefined) {
      overrides.set(normalizePartName(part), type);
    }
  }

  let mainPart: string | undefined;
  for (const entry of entries) {
    const name = entry.name.toLowerCase();
    if (!name.endsWith('.rels')) continue;
    const relationships = readXml(entry);
    if (!relationships) return { kind: 'zip' };
    if (relationships.unreadable) return { kind: 'macro' };
    for (const element of relationships.elements) {
      if (element.name !== 'Relationship') continue;
      const type = (element.attributes.get('Type') ?? '').toLowerCase();
      if (type.endsWith('/vbaproject') || type.includes('activex')) return { kind: 'macro' };
      const target = element.attributes.get('Target');
      const external = element.attributes.get('TargetMode')?.toLowerCase() === 'external';
      if (name === '_rels/.rels' && type.endsWith('/officedocument') && target && !external) {
        mainPart ??= normalizePartName(target);
      }
    }
  }
  if (mainPart === undefined) return { kind: 'zip' };
  const mainType =
    overrides.get(mainPart) ?? defaults.get(mainPart.slice(mainPart.lastIndexOf('.') + 1));
  const mime = OOXML_MAIN_TYPES[mainType ?? ''];
  return mime ? { kind: 'document', mime } : { kind: 'zip' };
}

/** A VBA project or an ActiveX control by its usual place, whatever the XML says of it. */
function isMacroPartName(entryName: string): boolean {
  const name = entryName.toLowerCase();
  return (
    name.endsWith('vbaproject.bin') || name.startsWith('activex/') || name.includes('/activex/')
  );
}

function isMacroContentType(value: string): boolean {
  const type = value.toLowerCase();
  return type.includes('macroenabled') || type.includes('vbaproject') || type.includes('activex');
}

/**
 * A part name as OPC compares them: from the package root, without `./` or
 * `..` steps, percent-escapes undone, case-insensitive.
 */
function normalizePartName(name: string): string {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // A broken escape stays as written: it then names no part, and the package is no document.
  }
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments.join('/').toLowerCase();
}

function findEndOfCentralDirectory(data: Buffer): number | null {
  const lowest = Math.max(0, data.length - EOCD_SEARCH_BYTES);
  for (let at = data.length - EOCD_MIN_BYTES; at >= lowest; at -= 1) {
    if (data.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  return null;
}

/** The entries of the central directory, or null when it is missing, truncated or ZIP64. */
function readCentralDirectory(data: Buffer): ZipEntry[] | null {
  if (data.length < EOCD_MIN_BYTES) return null;
  const eocd = findEndOfCentralDirectory(data);
  if (eocd === null) return null;
  const count = data.readUInt16LE(eocd + 10);
  const size = data.readUInt32LE(eocd + 12);
  const start = data.readUInt32LE(eocd + 16);
  if (count > MAX_ENTRIES || start + size > eocd) return null;

  const entries: ZipEntry[] = [];
  let at = start;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > eocd || data.readUInt32LE(at) !== CENTRAL_SIGNATURE) return null;
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > eocd) return null;
    entries.push({
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      uncompressedSize: data.readUInt32LE(at + 24),
      localHeaderOffset: data.readUInt32LE(at + 42),
    });
    at = next;
  }
  return entries;
}

/** The entry's bytes (stored or deflated), or null when it lies outside the buffer or is too large. */
function readEntry(data: Buffer, entry: ZipEntry): Buffer | null {
  const header = entry.localHeaderOffset;
  if (header + 30 > data.length || data.readUInt32LE(header) !== LOCAL_SIGNATURE) return null;
  const begin = header + 30 + data.readUInt16LE(header + 26) + data.readUInt16LE(header + 28);
  const end = begin + entry.compressedSize;
  if (end > data.length || entry.uncompressedSize > MAX_PART_BYTES) return null;
  const raw = data.subarray(begin, end);
  if (entry.method === 0) return raw;
  if (entry.method !== 8) return null;
  try {
    return inflateRawSync(raw, { maxOutputLength: MAX_PART_BYTES });
  } catch {
    return null;
  }
}
