// A real photo-sized JPEG for the upload benchmark (issue 20, target 3): random
// pixels do not compress, so a 2 MB file really holds ~2 MB of image data, and
// the server cleans and thumbnails it as it would a camera photo. It has no
// EXIF orientation, so it takes the path of a plain upright JPEG (coded data
// copied, no re-encode; docs/decisions/012-jpeg-cleaned-without-a-decode.md).
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from './util.mjs';

const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));

/** A JPEG of about `bytes` (±10 %): a colour gradient under noise, quality 85. */
export async function makePhoto(bytes = 2 * 1024 * 1024) {
  const sharp = serverRequire('sharp');
  // Noise at q85 takes roughly 1.2 bytes a pixel; the side is tuned once to hit the size.
  let side = Math.round(Math.sqrt(bytes / 1.2));
  for (let attempt = 0; attempt < 4; attempt++) {
    const pixels = Buffer.alloc(side * side * 3);
    const noise = randomBytes(pixels.length);
    for (let i = 0; i < pixels.length; i++) {
      const x = Math.floor(i / 3) % side;
      pixels[i] = ((x * 255) / side) * 0.5 + noise[i] * 0.5;
    }
    const jpeg = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    if (Math.abs(jpeg.length - bytes) / bytes < 0.1) return jpeg;
    side = Math.round(side * Math.sqrt(bytes / jpeg.length));
  }
  throw new Error('could not make a photo of the asked size');
}

/** A multipart/form-data message body (field `body` and one file in `images`), as the web app sends it. */
export function photoMessage(photo, text = 'Zdjęcie usterki w załączniku.') {
  const boundary = `----bench${randomUUID().replaceAll('-', '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n${text}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="zdjecie.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, photo, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
