import { backupStatusCheck } from '../../backups/index';
import type { StatusCheckFn } from '../status-check';
import { databaseCheck } from './database';
import { mailInCheck } from './mail-in';
import { mailOutCheck } from './mail-out';
import { pushCheck } from './push';
import { storageCheck } from './storage';

/** Every line of „Stan systemu”, in page order (DESIGN.md §7.12). */
export const STATUS_CHECKS: readonly StatusCheckFn[] = [
  databaseCheck,
  storageCheck,
  mailOutCheck,
  mailInCheck,
  pushCheck,
  backupStatusCheck,
];
