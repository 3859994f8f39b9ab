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

/**
 * Image threads lowered already, pruned to the living ones. Only those: a
 * thread is named by itself once it runs, so one read before that carries its
 * creator's name and must be read again at the next call (remembering it as
 * "not an image thread" left some libvips threads at full priority).
 */
const lowered = new Set<string>();

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
  for (const tid of lowered) if (!living.has(tid)) lowered.delete(tid);
  for (const tid of tids) {
    if (lowered.has(tid)) continue;
    try {
      if (fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() !== IMAGE_THREAD_NAME) {
        continue;
      }
      os.setPriority(Number(tid), IMAGE_THREAD_NICE);
      lowered.add(tid);
    } catch {
      // The thread ended meanwhile, or the system refused: it stays as it is.
    }
  }
}
