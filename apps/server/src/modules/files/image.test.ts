import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { reencodeImage } from './image';

/**
 * A phone-like JPEG turned by EXIF orientation 6 and carrying camera tags.
 * `noisy`: random pixels, so the file holds far more than 0.2 bytes a pixel
 * and is decoded once; otherwise a flat colour, which takes the second,
 * shrink-on-load decode for its thumbnail.
 */
async function rotatedJpeg(width: number, height: number, noisy: boolean) {
  const input = noisy
    ? sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    : sharp({ create: { width, height, channels: 3, background: '#3366cc' } });
  return input
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'PhoneMaker' } })
    .toBuffer();
}

describe('reencodeImage', () => {
  it.each([
    ['a dense JPEG, decoded once', true],
    ['a sparse JPEG, its thumbnail from a 1/8-scale decode', false],
  ])(
    'turns %s upright without its metadata, in the same type, with a thumbnail',
    async (_name, noisy) => {
      const original = await rotatedJpeg(800, 400, noisy);
      const density = original.length / (800 * 400);
      expect(noisy ? density > 0.2 : density < 0.2).toBe(true);

      const image = await reencodeImage(original, 'image/jpeg');

      expect([image.width, image.height]).toEqual([400, 800]);
      const stored = await sharp(image.data).metadata();
      expect(stored.format).toBe('jpeg');
      expect([stored.width, stored.height]).toEqual([400, 800]);
      expect(stored.exif).toBeUndefined();
      expect(stored.orientation).toBeUndefined();
      expect(image.data.includes(Buffer.from('PhoneMaker'))).toBe(false);
      const thumbnail = await sharp(image.thumbnail).metadata();
      expect(thumbnail.format).toBe('webp');
      expect([thumbnail.width, thumbnail.height]).toEqual([160, 320]);
    },
  );

  it('keeps the alpha channel of a PNG and the shades of a grey one when decoding once', async () => {
    const rgba = await sharp({
      create: {
        width: 50,
        height: 40,
        channels: 4,
        background: { r: 9, g: 99, b: 199, alpha: 0.5 },
      },
    })
      .png()
      .toBuffer();
    const withAlpha = await reencodeImage(rgba, 'image/png');
    const stored = await sharp(withAlpha.data).metadata();
    expect([stored.format, stored.channels, stored.hasAlpha]).toEqual(['png', 4, true]);
    expect((await sharp(withAlpha.data).raw().toBuffer())[3]).toBe(128);

    const grey = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#777' } })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    // Written as sRGB, as sharp always did: the same grey in each channel.
    const greyStored = await sharp((await reencodeImage(grey, 'image/png')).data)
      .raw()
      .toBuffer();
    expect(greyStored.length).toBe(30 * 30 * 3);
    expect(new Set(greyStored)).toEqual(new Set([0x77]));
  });

  it('refuses bytes that only start like an image', async () => {
    const real = await rotatedJpeg(64, 64, true);
    await expect(reencodeImage(real.subarray(0, 200), 'image/jpeg')).rejects.toMatchObject({
      statusCode: 415,
    });
  });
});
