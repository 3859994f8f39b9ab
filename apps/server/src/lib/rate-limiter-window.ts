/** A key's recorded events (times in ms, oldest first) and its place in its window's queue. */
export interface WindowEntry {
  readonly key: string;
  events: number[];
  older: WindowEntry | undefined;
  newer: WindowEntry | undefined;
}

/**
 * The keys of one window length, queued by their newest event: the oldest
 * entry is the first to expire and the first to evict. A hand-made linked list
 * beside the map, because a Map used as a queue (delete at the front, insert at
 * the back) leaves deleted slots that V8 skips on every look at its first
 * entry, which made each call O(n).
 */
export class WindowQueue {
  private readonly entries = new Map<string, WindowEntry>();
  oldest: WindowEntry | undefined;
  private newest: WindowEntry | undefined;

  constructor(readonly windowMs: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): WindowEntry | undefined {
    return this.entries.get(key);
  }

  /** Puts the key at the newest end (adding it if new) and returns its entry. */
  touch(key: string): WindowEntry {
    const entry = this.entries.get(key) ?? { key, events: [], older: undefined, newer: undefined };
    if (this.entries.has(key)) this.unlink(entry);
    else this.entries.set(key, entry);
    entry.older = this.newest;
    entry.newer = undefined;
    if (this.newest) this.newest.newer = entry;
    else this.oldest = entry;
    this.newest = entry;
    return entry;
  }

  /** True if the key was there. */
  delete(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.unlink(entry);
    this.entries.delete(key);
    return true;
  }

  private unlink(entry: WindowEntry) {
    if (entry.older) entry.older.newer = entry.newer;
    else this.oldest = entry.newer;
    if (entry.newer) entry.newer.older = entry.older;
    else this.newest = entry.older;
  }
}
