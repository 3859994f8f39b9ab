import { MAX_FILE_BYTES } from '@studio/shared/limits';
import { AppError } from '../../lib/errors';
import { concurrencyLimit } from './concurrency-limit';
import { lowerImageThreadPriority } from './image-thread-priority';
import { jpegWithoutMetadata } from './jpeg-without-metadata';

const THUMBNAIL_PX = 320;
/**
 * 25 MP takes any phone or camera photo up to 6000×4000 and bounds one decode
 * to ~100 MB of RGBA. Larger images answer 413 `file_too_large`: the image is
 * too large, and the client already has a message for that code.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;
/**
 * One image at a time, whatever the number of uploads (finding 13 allowed
 * two). Since a plain JPEG is no longer re-encoded, two workers let 5
 * connections reach ~29 photo uploads/s on 2 cores, and the event loop, busy
 * with their requests and (PGlite) their transactions, kept `GET
 * /api/auth/me` waiting: p95 10–11 ms. With one, ~23/s, upload p95 ~250 ms
 * and `me` p95 4.6–6.3 ms (issue 34, bench/README.md, uploads, session 22).
 */
export const IMAGE_WORKERS = 1;
/** A re-encode stuck on a pathological image is stopped rather than holding a worker. */
const ENCODE_TIMEOUT_SECONDS = 30;

export const imageTooLarge = () => new AppError(413, 'file_too_large');
export const unsupportedFileType = () => new AppError(415, 'unsupported_file_type');

/**
 * Loaded at the first image, not at start: the image library maps about 30 MB
 * that a server at rest does not need (bench/README.md, memory at rest).
 */
let sharpModule: Promise<typeof import('sharp')> | null = null;
async function loadSharp() {
  sharpModule ??= import('sharp');
  return (await sharpModule).default;
}

const inQueue = concurrencyLimit(IMAGE_WORKERS);

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
  thumbnail: Buffer;
}

/**
 * Decodes and encodes an image again: EXIF (location, camera) and any other
 * metadata are dropped, the EXIF orientation is applied to the pixels first so
 * the picture still stands the right way up, and anything hidden after the
 * image data is gone. A plain JPEG gets the same without the re-encode: its
 * coded data is copied under a fresh header that keeps only its orientation,
 * and the rest is left out (jpeg-without-metadata.ts), ~42 of the ~70 ms of
 * image CPU a 2 MB photo took; its pixels stay exactly the sender's (issue 34,
 * bench/README.md, decision 012).
 *
 * Settings are chosen for cost (measured on a 12 MP photo, docs/security.md):
 * libjpeg-turbo at q85 instead of mozjpeg q90, PNG level 6 instead of 9, WebP
 * effort 2. JPEG Huffman tables are the standard ones, not optimised per image:
 * optimising is a second entropy pass that took 40 of the 100 ms of CPU a 2 MB
 * photo costs, for a file 2–4 % smaller; the pixels are the same either way
 * (bench/README.md, uploads). The thumbnail is WebP effort 2 too: 6–7 ms of
 * the ~95 ms of CPU an upload costs the server, for a file 2–6 % larger and the
 * same PSNR against an exact downscale (±0.2 dB; issue 20, bench/README.md).
 * Output over the 8 MiB upload limit is refused, never stored.
 */
export function reencodeImage(raw: Buffer, mimetype: string): Promise<EncodedImage> {
  return inQueue(async () => {
    const sharp = await loadSharp();
    let width: number | undefined;
    let height: number | undefined;
    let orientation: number | undefined;
    try {
      ({ width, height, orientation } = await sharp(raw).metadata());
    } catch {
      throw unsupportedFileType();
    }
    // The header is checked first, so an oversized image is refused before any pixel is decoded.
    if (!width || !height) throw unsupportedFileType();
    if (width * height > MAX_IMAGE_PIXELS) throw imageTooLarge();
    // A plain JPEG is cleaned without a decode (jpeg-without-metadata.ts), keeping only
    // its EXIF orientation, which browsers apply; one that is not plain is re-encoded.
    const exifOrientation = orientation ?? 1;
    const cleaned = mimetype === 'image/jpeg' ? jpegWithoutMetadata(raw, exifOrientation) : null;
    let encoded: { data: Buffer; info: { width: number; height: number } };
    let thumbnail: Buffer;
    try {
      // A function, not sharp's clone(): clone() copies the input buffer (structuredClone).
      const source = () =>
        sharp(raw, { limitInputPixels: MAX_IMAGE_PIXELS })
          .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
          .rotate();
      if (cleaned && cleaned.width === width && cleaned.height === height) {
        // Its size as shown: orientations 5–8 turn it a quarter, as the re-encode would.
        const turned = exifOrientation >= 5;
        encoded = {
          data: cleaned.data,
          info: turned ? { width: cleaned.height, height: cleaned.width } : cleaned,
        };
      } else {
        const stored = source();
        const output =
          mimetype === 'image/png'
            ? stored.png({ compressionLevel: 6 })
            : mimetype === 'image/webp'
              ? stored.webp({ quality: 85, effort: 2 })
              : stored.jpeg({ quality: 85, optimiseCoding: false });
        encoded = await output.toBuffer({ resolveWithObject: true });
      }
      // From the original, not from the re-encoded file: a JPEG is then decoded at
      // 1/8 scale (shrink-on-load) instead of in full a second time (issue 20, uploads).
      // It is also the decode that refuses a cleaned JPEG's corrupt coded data
      // (sharp fails on libjpeg's warnings). One after the other, so an upload
      // holds one image thread at a time.
      thumbnail = await source()
        .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80, effort: 2 })
        .toBuffer();
    } catch {
      // A file that claims to be an image but does not decode is not accepted.
      throw unsupportedFileType();
    } finally {
      lowerImageThreadPriority();
    }
    // Re-encoding can grow a file (a 1-bit noise PNG becomes 24-bit); the limit holds for what we store.
    if (encoded.data.length > MAX_FILE_BYTES) throw imageTooLarge();
    return {
      data: encoded.data,
      width: encoded.info.width,
      height: encoded.info.height,
      thumbnail,
    };
  });
}
