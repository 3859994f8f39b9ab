import { backupStatusCheck } from '../../backups/index';
import type { StatusCheckFn } from '../status-check';
import { databaseCheck } from './database';
import { mailInCheck } from './mail-in';
import { mailOutCheck } from './mail-out';
import { storageCheck } from './storage';

/**
 * Every line of „Stan systemu”, in page order (DESIGN.md §7.12). `push` is
 * left out: the product has no push notifications yet.
 */
export const STATUS_CHECKS: readonly StatusCheckFn[] = [
  databaseCheck,
  storageCheck,
  mailOutCheck,
  mailInCheck,
  backupStatusCheck,
];
