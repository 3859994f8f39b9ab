import type { FastifyInstance } from 'fastify';
import type { BackupService } from './backup-service';

/** The last backup the running server took or tried, as the status page shows it. */
export interface BackupState {
  /** When it started (ISO). */
  at: string;
  ok: boolean;
  /** Restored into a temporary folder with every count and checksum matching. */
  verified: boolean;
  error: string | null;
  folder: string | null;
  sizeBytes: number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Embedded mode only: the online backups (modules/backups). */
    backups?: BackupService;
  }
}

/** Null on PostgreSQL, and before the first backup (none in BACKUP_DIR either). */
export function lastBackup(app: FastifyInstance): BackupState | null {
  return app.backups?.last() ?? null;
}
