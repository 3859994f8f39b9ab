import type { Readable } from 'node:stream';
import type { Db } from '../db/client';

/** Inclusive byte offsets, as in an HTTP Range. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where attachment bytes live. The bytes and the row that records them commit
 * or fail together:
 * - the database adapter writes a row in that transaction;
 * - the local adapter writes a file (temp name, fsync, rename) just before it
 *   (`writeAhead`, so the disk holds no database connection) and removes the
 *   file again if the transaction fails (`discard`). A crash in between leaves
 *   an unreferenced file, which `sweep` removes at start.
 */
export interface FileStorage {
  readonly kind: 'local' | 'database';
  write(tx: Db, key: string, data: Buffer): Promise<void>;
  /**
   * Only where the bytes live outside the database: writes them durably
   * before the transaction that records them begins. The caller discards
   * them if that transaction then fails.
   */
  writeAhead?(key: string, data: Buffer): Promise<void>;
  /** After a failed transaction: drop what `write` put outside the database. */
  discard(keys: readonly string[]): Promise<void>;
  /** The whole file in memory; for small files or archives only, never for serving. */
  read(db: Db, key: string): Promise<Buffer | null>;
  /** The stored size in bytes without reading the bytes, or null if there is no such file. */
  size(db: Db, key: string): Promise<number | null>;
  /**
   * The bytes of `range` (the whole file without one) as a stream that holds
   * at most one chunk at a time. A file missing by then fails the stream.
   */
  stream(db: Db, key: string, range?: ByteRange): Readable;
  /** Removes bytes of deleted attachments; call after the deleting transaction committed. */
  remove(db: Db, keys: readonly string[]): Promise<void>;
  /** Removes bytes no attachment refers to (left by a crash). Returns how many. */
  sweep(db: Db): Promise<number>;
}

/** Server-generated names only: the uploader's filename never reaches a path. */
export function newStorageKey(): string {
  return `${crypto.randomUUID()}`;
}

/** A thumbnail is stored beside its image under the image's key. */
export function thumbnailKeyOf(storageKey: string): string {
  return `${storageKey}.thumb`;
}

export const STORAGE_KEY_PATTERN = /^[0-9a-f-]{36}(\.thumb)?$/;
