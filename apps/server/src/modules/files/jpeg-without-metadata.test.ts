import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { reencodeImage } from './image';
import { jpegWithoutMetadata } from './jpeg-without-metadata';

const WIDTH = 120;
const HEIGHT = 80;
const noise = Buffer.from(
  Array.from({ length: WIDTH * HEIGHT * 3 }, (_, i) => (i * 7919 + (i >> 5) * 104729) % 256),
);
const fromNoise = () => sharp(noise, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } });
const pixels = (jpeg: Buffer) => sharp(jpeg).raw().toBuffer();
const comment = (text: string) => {
  const body = Buffer.from(text, 'latin1');
  const head = Buffer.from([0xff, 0xfe, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

/** Without its APP2 segments: sharp adds an sRGB profile whenever it writes an orientation. */
function withoutColourProfile(jpeg: Buffer) {
  const parts = [jpeg.subarray(0, 2)];
  let at = 2;
  while (jpeg[at] === 0xff && jpeg[at + 1] !== 0xda) {
    const end = at + 2 + jpeg.readUInt16BE(at + 2);
    if (jpeg[at + 1] !== 0xe2) parts.push(jpeg.subarray(at, end));
    at = end;
  }
  return Buffer.concat([...parts, jpeg.subarray(at)]);
}
/** A phone's photo turned by EXIF, with its camera and place in the EXIF too. */
const turnedPhoto = async (orientation: number) =>
  withoutColourProfile(
    await fromNoise()
      .jpeg({ quality: 85 })
      .withMetadata({ orientation })
      .withExifMerge({
        IFD0: { Make: 'PhoneMaker' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 13/1 0/1' },
      })
      .toBuffer(),
  );

describe('a JPEG cleaned without a decode', () => {
  let plain: Buffer;
  let withMetadata: Buffer;
  beforeAll(async () => {
    plain = await fromNoise().jpeg({ quality: 85 }).toBuffer();
    const exif = await fromNoise()
      .jpeg({ quality: 85 })
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Camera 9000', Orientation: '1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 13/1 0/1' },
      })
      .toBuffer();
    // A comment after the EXIF segment and a page hidden after the end of the image.
    const firstSegmentEnd = 4 + exif.readUInt16BE(4);
    withMetadata = Buffer.concat([
      exif.subarray(0, firstSegmentEnd),
      comment('secret note'),
      exif.subarray(firstSegmentEnd),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]);
  });

  it('keeps the exact pixels and drops EXIF, comments and what follows the image', async () => {
    expect(withMetadata.includes(Buffer.from('PhoneMaker'))).toBe(true);
    const cleaned = jpegWithoutMetadata(withMetadata);
    expect(cleaned).toMatchObject({ width: WIDTH, height: HEIGHT });
    const data = cleaned?.data as Buffer;
    for (const hidden of ['PhoneMaker', 'Exif', 'secret note', '<html>']) {
      expect(data.includes(Buffer.from(hidden))).toBe(false);
    }
    expect(data.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    const meta = await sharp(data).metadata();
    expect([meta.exif, meta.comments, meta.orientation]).toEqual([undefined, undefined, undefined]);
    expect(await pixels(data)).toEqual(await pixels(withMetadata));
  });

  it('takes baseline, progressive and grey JPEGs', async () => {
    expect(jpegWithoutMetadata(plain)).not.toBeNull();
    expect(
      jpegWithoutMetadata(await fromNoise().jpeg({ progressive: true }).toBuffer()),
    ).not.toBeNull();
    expect(jpegWithoutMetadata(await fromNoise().greyscale().jpeg().toBuffer())).not.toBeNull();
  });

  it('keeps a turned photo turned with its orientation alone, for every orientation', async () => {
    const shown = (jpeg: Buffer) =>
      sharp(jpeg).rotate().raw().toBuffer({ resolveWithObject: true });
    for (const orientation of [2, 3, 4, 5, 6, 7, 8]) {
      const phone = await turnedPhoto(orientation);
      expect((await sharp(phone).metadata()).orientation).toBe(orientation);
      const cleaned = jpegWithoutMetadata(phone, orientation);
      expect(cleaned).toMatchObject({ width: WIDTH, height: HEIGHT });
      const data = cleaned?.data as Buffer;
      expect(data.includes(Buffer.from('PhoneMaker'))).toBe(false);
      const meta = await sharp(data).metadata();
      // "Exif\0\0", the TIFF header and one entry: nothing else of the phone's EXIF.
      expect([meta.orientation, meta.exif?.length]).toEqual([orientation, 32]);
      // Compared with equals(): a failing toEqual on pixel buffers takes vitest half a minute to print.
      const [cleanedShown, phoneShown] = [await shown(data), await shown(phone)];
      expect(cleanedShown.info).toEqual(phoneShown.info);
      expect(cleanedShown.data.equals(phoneShown.data)).toBe(true);
    }
  });

  it('refuses an orientation that does not exist', () => {
    for (const orientation of [0, 9, 1.5, -1, 255]) {
      expect(jpegWithoutMetadata(plain, orientation)).toBeNull();
    }
  });

  it('leaves colour profiles, CMYK and odd structure to the re-encode', async () => {
    expect(
      jpegWithoutMetadata(await fromNoise().jpeg().withIccProfile('p3').toBuffer()),
    ).toBeNull();
    expect(
      jpegWithoutMetadata(await fromNoise().toColourspace('cmyk').jpeg().toBuffer()),
    ).toBeNull();
    // A stray byte between two segments.
    const stray = Buffer.concat([plain.subarray(0, 2), Buffer.from([0]), plain.subarray(2)]);
    expect(jpegWithoutMetadata(stray)).toBeNull();
    expect(jpegWithoutMetadata(Buffer.from('not a jpeg at all'))).toBeNull();
  });

  it('survives truncation at every length and changed bytes without throwing', () => {
    for (let length = 0; length < withMetadata.length; length += 1) {
      const cut = withMetadata.subarray(0, length);
      const cleaned = jpegWithoutMetadata(cut);
      if (cleaned) expect(cleaned.data.length).toBeLessThanOrEqual(length + 18);
    }
    for (let at = 0; at < 400; at += 1) {
      for (const value of [0x00, 0xff, 0xd9, 0xda]) {
        const changed = Buffer.from(withMetadata);
        changed[at] = value;
        expect(() => jpegWithoutMetadata(changed)).not.toThrow();
      }
    }
  });

  it('is used by the upload path: the stored photo is the original image, a cut one is refused', async () => {
    const stored = await reencodeImage(withMetadata, 'image/jpeg');
    expect(stored.data).toEqual(jpegWithoutMetadata(withMetadata)?.data);
    expect(await pixels(stored.data)).toEqual(await pixels(plain));
    expect((await sharp(stored.thumbnail).metadata()).format).toBe('webp');
    // The structure is whole but the coded data stops halfway: the thumbnail's decode refuses it.
    // A turned photo is stored as sent with its orientation, and measured as shown.
    const turned = await turnedPhoto(8);
    const storedTurned = await reencodeImage(turned, 'image/jpeg');
    expect(storedTurned.data).toEqual(jpegWithoutMetadata(turned, 8)?.data);
    expect([storedTurned.width, storedTurned.height]).toEqual([HEIGHT, WIDTH]);
    const thumbnail = await sharp(storedTurned.thumbnail).metadata();
    expect(thumbnail.height).toBeGreaterThan(thumbnail.width as number);
    const cut = Buffer.concat([plain.subarray(0, plain.length >> 1), Buffer.from([0xff, 0xd9])]);
    expect(jpegWithoutMetadata(cut)).not.toBeNull();
    await expect(reencodeImage(cut, 'image/jpeg')).rejects.toMatchObject({
      statusCode: 415,
    });
  });
});
