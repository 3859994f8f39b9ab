import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Metrics } from '../../metrics/metrics';
import type { FileStorage } from '../../storage/storage';
import { BackupService } from './backup-service';
import { listenForBackupRequests } from './backup-socket';
import { RemovalGate } from './removal-gate';

/** How often the schedule looks at the clock; the backup itself runs once a day. */
const TICK_MS = 60_000;

/**
 * Online backups of the embedded mode (DESIGN.md §4): the daily one when
 * BACKUP_DIR and BACKUP_HOUR are set, and `npm run backup` answered through
 * DATA_DIR/run/backup.sock whenever this process holds a DATA_DIR. On
 * PostgreSQL there is nothing to do here: the database backs itself up.
 */
export async function setUpBackups(
  app: FastifyInstance,
  parts: { database: Database; storage: FileStorage; metrics: Metrics | null },
): Promise<void> {
  const embedded = parts.database.embedded;
  if (!embedded?.dataDir) return;
  const { config, clock, log, background } = app.deps;
  const gate = new RemovalGate(log);
  gate.guard(parts.storage);
  const service = new BackupService({
    client: embedded.client,
    dataDir: embedded.dataDir,
    config,
    clock,
    log,
    metrics: parts.metrics,
    gate,
  });
  app.decorate('backups', service);

  try {
    const stopListening = await listenForBackupRequests(embedded.dataDir, async (outDir) => {
      const backup = await background.run(service.take(outDir));
      return {
        ok: true,
        folder: backup.folder,
        rows: Object.values(backup.manifest.tables).reduce((a, b) => a + b, 0),
        files: backup.manifest.uploads,
        sizeBytes: backup.sizeBytes,
      };
    });
    app.addHook('onClose', stopListening);
  } catch (error) {
    // A DATA_DIR path too long for a socket name, say: the server runs, `npm run backup` cannot reach it.
    log.warn({ err: error }, 'npm run backup cannot reach this server (no backup socket)');
  }

  if (!config.backup) return;
  service.loadNewest();
  const tick = () => {
    // Failures are logged and counted inside; the next tick tries again when due.
    background.run(service.runIfDue()).catch(() => {});
  };
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
