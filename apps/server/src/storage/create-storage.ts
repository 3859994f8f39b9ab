import path from 'node:path';
import type { Config } from '../config';
import type { Clock } from '../lib/clock';
import { createDatabaseStorage } from './database-storage';
import { createLocalStorage } from './local-storage';
import type { FileStorage } from './storage';

export function createStorage(config: Config, clock: Clock): FileStorage {
  return config.storage === 'database'
    ? createDatabaseStorage(clock)
    : createLocalStorage(path.join(config.dataDir, 'uploads'));
}
