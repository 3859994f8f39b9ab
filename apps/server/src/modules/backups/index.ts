/** The backups module's public entry (online backups of the embedded mode, DESIGN.md §4). */

export {
  BACKUP_PREFIX,
  backupFolderName,
  checksumUploads,
  MANIFEST_FORMAT,
  type Manifest,
  PRIVATE_DIR,
  PRIVATE_FILE,
  readManifest,
  tableCounts,
  uploadedFiles,
  writeManifest,
} from './backup-format';
export { askRunningServer, type BackupAnswer, backupSocketPath } from './backup-socket';
export { backupStatusCheck } from './backup-status-check';
export { type BackupState, lastBackup } from './last-backup';
export { restoreEmbedded } from './restore-backup';
export { setUpBackups } from './set-up-backups';
