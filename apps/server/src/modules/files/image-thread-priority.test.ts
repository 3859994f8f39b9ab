import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { reencodeImage } from './image';
import { IMAGE_THREAD_NICE } from './image-thread-priority';

/** Every thread of this process: its name and its nice value (field 19 of /proc/…/stat). */
function threads() {
  return fs.readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const name = fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [{ tid, name, nice: Number(fields[16]) }];
    } catch {
      return [];
    }
  });
}

describe.runIf(fs.existsSync('/proc/self/task'))('image threads yield to requests', () => {
  it('lowers the priority of the image library threads a re-encode used, and of no other', async () => {
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#4080c0' },
    })
      .jpeg()
      .toBuffer();
    const before = new Map(threads().map((t) => [t.tid, t.nice]));
    await Promise.all([reencodeImage(photo, 'image/jpeg'), reencodeImage(photo, 'image/jpeg')]);
    // A thread that had not named itself yet when a re-encode ended is caught by the next one.
    await reencodeImage(photo, 'image/jpeg');
    const after = threads();
    const image = after.filter((t) => t.name === 'libvips worker');
    expect(image.length).toBeGreaterThan(0);
    for (const thread of image) expect(thread.nice).toBe(IMAGE_THREAD_NICE);
    // The event loop and the other threads keep the priority they had.
    for (const thread of after.filter((t) => t.name !== 'libvips worker')) {
      expect(thread.nice).toBe(before.get(thread.tid) ?? 0);
    }
  });
});
