import type { FastifyInstance } from 'fastify';
import type { BackupService } from './backup-service';
import type { BackupState } from './backup-state';

export type { BackupState };

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
