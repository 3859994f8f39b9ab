/**
 * A plain JPEG cleaned without decoding it: its coded image data is copied as
 * it is and everything else is left out, so EXIF (location, camera), comments,
 * other applications' segments and anything after the end of the image are
 * gone, and the pixels are exactly the sender's. Decoding and encoding a 2 MB
 * photo again cost ~47 ms of CPU; this copy costs about 1 ms (issue 34,
 * bench/README.md, uploads).
 *
 * Only the common case is taken: 8-bit baseline or progressive Huffman coding,
 * grey or three components, no colour profile (ICC) and no Adobe segment (both
 * change the colours, which a re-encode converts to sRGB). Anything else,
 * and any file whose structure is not exactly as expected, returns null: the
 * caller re-encodes it, so an odd file costs time, never safety. The caller
 * also decodes the image (for its thumbnail), which refuses corrupt coded data.
 *
 * A photo that EXIF turns (most phones' portrait shots) keeps that one fact:
 * the caller passes the orientation it read, and the copy carries an EXIF
 * segment written afresh with nothing but it, which every browser applies
 * when it shows the picture (CSS `image-orientation: from-image`, the default).
 * Turning the pixels instead would need the full decode and encode again.
 *
 * One pass over the bytes, each looked at once: linear in the file's size.
 */

export interface CleanJpeg {
  data: Buffer;
  width: number;
  height: number;
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const DQT = 0xdb;
const DHT = 0xc4;
const DRI = 0xdd;
const COM = 0xfe;
/** Baseline, extended sequential and progressive DCT with Huffman coding. */
const SUPPORTED_FRAMES = new Set([0xc0, 0xc1, 0xc2]);
const isApplicationSegment = (marker: number) => marker >= 0xe0 && marker <= 0xef;
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/** APP0 as libjpeg writes it: JFIF 1.01, no density unit, aspect 1:1, no thumbnail. */
const JFIF = Buffer.from([
  0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
  0x00, 0x00,
]);
const ICC_PROFILE = Buffer.from('ICC_PROFILE\0', 'latin1');

/**
 * APP1 holding EXIF with one entry, IFD0's Orientation (tag 0x0112, SHORT, one
 * value), in big-endian TIFF order: nothing of the sender's EXIF is copied.
 */
function orientationOnlyExif(orientation: number) {
  return Buffer.from([
    ...[0xff, 0xe1, 0x00, 0x22], // APP1, 34 bytes with the length itself
    ...[0x45, 0x78, 0x69, 0x66, 0x00, 0x00], // "Exif\0\0"
    ...[0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08], // "MM", 42, IFD0 at 8
    ...[0x00, 0x01], // one entry
    ...[0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00],
    ...[0x00, 0x00, 0x00, 0x00], // no next IFD
  ]);
}
const isOrientation = (value: number) => Number.isInteger(value) && value >= 1 && value <= 8;
const ADOBE = Buffer.from('Adobe', 'latin1');

/** `orientation`: the EXIF orientation the caller read from the original (1 = upright). */
export function jpegWithoutMetadata(raw: Buffer, orientation = 1): CleanJpeg | null {
  if (!isOrientation(orientation)) return null;
  if (raw.length < 4 || raw[0] !== 0xff || raw[1] !== SOI) return null;
  const header = orientation === 1 ? JFIF : Buffer.concat([JFIF, orientationOnlyExif(orientation)]);
  const kept: Buffer[] = [raw.subarray(0, 2), header];
  let keptBytes = 2 + header.length;
  const keep = (start: number, end: number) => {
    kept.push(raw.subarray(start, end));
    keptBytes += end - start;
  };
  let frame: { width: number; height: number } | null = null;
  let scans = 0;
  let at = 2;
  for (;;) {
    // Every segment starts with 0xFF right where the previous one ended;
    // stray bytes between segments are a file this does not take.
    if (at + 1 >= raw.length || raw[at] !== 0xff) return null;
    const marker = raw[at + 1] as number;
    if (marker === EOI) {
      if (!frame || scans === 0) return null;
      keep(at, at + 2);
      return { data: Buffer.concat(kept, keptBytes), ...frame };
    }
    if (at + 3 >= raw.length) return null;
    const end = at + 2 + raw.readUInt16BE(at + 2);
    if (raw.readUInt16BE(at + 2) < 2 || end > raw.length) return null;
    const payload = raw.subarray(at + 4, end);
    if (marker === DQT || marker === DHT || marker === DRI) {
      keep(at, end);
    } else if (SUPPORTED_FRAMES.has(marker)) {
      frame = frame ? null : readFrame(payload);
      if (!frame) return null;
      keep(at, end);
    } else if (marker === COM) {
      // dropped
    } else if (isApplicationSegment(marker)) {
      if (marker === 0xe2 && startsWith(payload, ICC_PROFILE)) return null;
      if (marker === 0xee && startsWith(payload, ADOBE)) return null;
      // dropped: JFIF (written afresh above), EXIF, XMP, makers' own segments
    } else if (marker === SOS) {
      if (!frame) return null;
      const dataEnd = endOfCodedData(raw, end);
      if (dataEnd < 0) return null;
      keep(at, dataEnd);
      scans++;
      at = dataEnd;
      continue;
    } else {
      // Arithmetic coding, lossless and hierarchical JPEG, DNL, a second SOI…
      return null;
    }
    at = end;
  }
}

function readFrame(payload: Buffer) {
  if (payload.length < 6) return null;
  const precision = payload[0];
  const height = payload.readUInt16BE(1);
  const width = payload.readUInt16BE(3);
  const components = payload[5];
  if (precision !== 8 || !width || !height) return null;
  if (components !== 1 && components !== 3) return null;
  if (payload.length !== 6 + 3 * components) return null;
  return { width, height };
}

/**
 * Where a scan's coded data ends: the first 0xFF that is neither a stuffed
 * zero (0xFF00) nor a restart marker. -1 when the file ends first.
 */
function endOfCodedData(raw: Buffer, from: number) {
  let at = from;
  for (;;) {
    at = raw.indexOf(0xff, at);
    if (at < 0 || at + 1 >= raw.length) return -1;
    const next = raw[at + 1] as number;
    if (next !== 0x00 && !isRestart(next)) return at;
    at += 2;
  }
}

function startsWith(payload: Buffer, prefix: Buffer) {
  return payload.length >= prefix.length && payload.subarray(0, prefix.length).equals(prefix);
}
