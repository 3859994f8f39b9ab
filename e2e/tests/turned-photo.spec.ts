import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { originHeaders, signUpNew } from '../accounts';
import { acceptCookies, expect, test } from '../fixtures';

/*
 * A phone's portrait photo is stored as the phone coded it, with its EXIF
 * orientation as the one thing kept of its metadata (decision 012): the
 * browser must show it upright. The photo (e2e/files/turned-photo.jpg, 48×24
 * coded, red on the left and blue on the right, EXIF orientation 6 and a
 * camera make, no colour profile) stands 24×48 with red on top when turned.
 */

const photo = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../files/turned-photo.jpg'),
);

test('a photo turned by EXIF is shown upright, thumbnail and full size', async ({ page }) => {
  await acceptCookies(page);
  await signUpNew(page.request, 'tp');
  const created = await page.request.post('/api/tickets', {
    headers: originHeaders(),
    multipart: {
      body: 'Zdjęcie z telefonu, pionowe.',
      images: { name: 'pionowe.jpg', mimeType: 'image/jpeg', buffer: photo },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const ticketId = (await created.json()).id as number;

  await page.goto(`/contact?ticket=${ticketId}`);
  const thumbnail = page.getByRole('img', { name: 'Załącznik: pionowe.jpg' });
  await expect(thumbnail).toBeVisible();
  await thumbnail.click();
  const full = page.getByRole('dialog').getByRole('img', { name: 'pionowe.jpg' });
  await expect(full).toBeVisible();

  /** Size as shown and the colour at the top and the bottom, read through a canvas. */
  const shown = (image: typeof full) =>
    image.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(img, 0, 0);
      const at = (y: number) => {
        const [r, , b] = context.getImageData(canvas.width >> 1, y, 1, 1).data;
        return (r as number) > (b as number) ? 'red' : 'blue';
      };
      return {
        portrait: img.naturalHeight > img.naturalWidth,
        top: at(2),
        bottom: at(canvas.height - 3),
      };
    });
  expect(await shown(full)).toEqual({ portrait: true, top: 'red', bottom: 'blue' });
  expect(await shown(thumbnail)).toEqual({ portrait: true, top: 'red', bottom: 'blue' });

  // The stored file kept nothing of the phone's EXIF but the orientation.
  const file = await page.request.get((await full.getAttribute('src')) as string);
  const bytes = await file.body();
  expect(bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
  expect(bytes.includes(Buffer.from('Exif\0\0'))).toBe(true);
});
