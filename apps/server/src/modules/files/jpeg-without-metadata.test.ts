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
    const cut = Buffer.concat([plain.subarray(0, plain.length >> 1), Buffer.from([0xff, 0xd9])]);
    expect(jpegWithoutMetadata(cut)).not.toBeNull();
    await expect(reencodeImage(cut, 'image/jpeg')).rejects.toMatchObject({
      statusCode: 415,
    });
  });
});
