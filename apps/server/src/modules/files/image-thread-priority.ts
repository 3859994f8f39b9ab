import fs from 'node:fs';
import os from 'node:os';

/** The name libvips gives its worker threads (Linux shows it in /proc/self/task/<tid>/comm). */
const IMAGE_THREAD_NAME = 'libvips worker';
/**
 * A nice value of 10 weighs about a tenth of a normal thread in Linux's
 * scheduler: image work gets every cycle the requests leave free, and little
 * more when they want them.
 */
export const IMAGE_THREAD_NICE = 10;

/** Thread ids looked at already (true: an image thread, lowered), pruned to the living ones. */
const checked = new Map<string, boolean>();

/**
 * Lowers the CPU priority of the image library's threads, so re-encoding a
 * photo takes the cores only when requests leave them free. On a 2-core
 * machine two re-encodes and the event loop shared the cores equally, and
 * every other request waited behind them: `GET /api/auth/me` p95 8–12 ms
 * during uploads, 2 ms with one re-encode at a time (issue 20, bench/README.md
 * "Uploads"). Linux keeps a nice value per thread, and a thread starts with
 * its creator's, so the library's threads are found by name and lowered one
 * by one; called after each re-encode, it catches the threads that one
 * started. Anywhere else (no /proc) it does nothing.
 */
export function lowerImageThreadPriority(): void {
  let tids: string[];
  try {
    tids = fs.readdirSync('/proc/self/task');
  } catch {
    return;
  }
  const living = new Set(tids);
  for (const tid of checked.keys()) if (!living.has(tid)) checked.delete(tid);
  for (const tid of tids) {
    if (checked.has(tid)) continue;
    let isImageThread = false;
    try {
      isImageThread =
        fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() === IMAGE_THREAD_NAME;
      if (isImageThread) os.setPriority(Number(tid), IMAGE_THREAD_NICE);
    } catch {
      // The thread ended meanwhile, or the system refused: it stays as it is.
    }
    checked.set(tid, isImageThread);
  }
}
