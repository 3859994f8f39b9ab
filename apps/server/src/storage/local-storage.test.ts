import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createLocalStorage } from './local-storage';
import { newStorageKey } from './storage';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// Local files never touch the database handle for these calls.
const noDb = {} as Db;

describe('local storage', () => {
  it('writes again after its directories were removed under it', async () => {
    const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'local-storage-'));
    dirs.push(uploads);
    const storage = createLocalStorage(uploads);
    const first = newStorageKey();
    await storage.writeAhead?.(first, Buffer.from('one'));
    expect(await storage.read(noDb, first)).toEqual(Buffer.from('one'));

    // The shard and temp directories are remembered as made; a clean-up by hand removes them.
    fs.rmSync(uploads, { recursive: true, force: true });
    const second = `${first.slice(0, 2)}${newStorageKey().slice(2)}`;
    await storage.writeAhead?.(second, Buffer.from('two'));

    expect(await storage.read(noDb, second)).toEqual(Buffer.from('two'));
    // Nothing half-written is left behind in the temp directory.
    expect(fs.readdirSync(path.join(uploads, '.tmp'))).toEqual([]);
  });
});
