import type { StatusCheck } from '@studio/shared/status';
import type { FastifyInstance } from 'fastify';
import { lastBackup } from './last-backup';
import { polishDateTime } from './warsaw-time';

/** A daily backup plus slack for a slow night or a DST change. */
export const FRESH_FOR_MS = 26 * 60 * 60 * 1000;

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb.toLocaleString('pl-PL', { maximumFractionDigits: mb < 10 ? 1 : 0 })} MB`;
}

/**
 * „Kopie zapasowe” on „Stan systemu” (DESIGN.md §7.12): a `StatusCheckFn`
 * (modules/status/status-check.ts; typed here by its shape, since the status
 * module has no public entry yet; backups.test.ts checks it fits).
 */
export async function backupStatusCheck(app: FastifyInstance): Promise<StatusCheck | null> {
  const { config, clock } = app.deps;
  const line = (state: StatusCheck['state'], detail: string): StatusCheck => ({
    id: 'backup',
    state,
    detail,
  });
  if (config.databaseUrl) {
    return line(
      'ok',
      'Dane są w PostgreSQL, więc kopie zapasowe robi sama baza (pg_dump albo kopia bazowa z archiwum WAL) — przepis jest w docs/operations.md. Pliki załączników w DATA_DIR/uploads, jeśli tam są, kopiuj razem z nią.',
    );
  }
  if (!config.backup) {
    return line(
      'warn',
      'Kopie zapasowe nie są zaplanowane. Ustaw BACKUP_DIR (folder na kopie, najlepiej na innym dysku) i BACKUP_HOUR (np. 3), a serwer będzie co noc zapisywał sprawdzoną kopię bazy i plików.',
    );
  }
  const hour = `${config.backup.hour}:00`;
  const last = lastBackup(app);
  if (!last) {
    return line(
      'warn',
      `Nie ma jeszcze żadnej kopii zapasowej. Pierwsza powstanie dziś lub jutro o ${hour}; możesz też od razu wykonać npm run backup.`,
    );
  }
  const at = polishDateTime(new Date(last.at));
  if (!last.ok) {
    return line(
      'fail',
      `Ostatnia kopia zapasowa (${at}) nie powiodła się: ${last.error ?? 'nieznany błąd'}. Sprawdź, czy do ${config.backup.dir} można pisać i czy jest tam miejsce, a potem wykonaj npm run backup.`,
    );
  }
  const age = clock.now().getTime() - new Date(last.at).getTime();
  if (!last.verified || age > FRESH_FOR_MS) {
    return line(
      'warn',
      `Ostatnia sprawdzona kopia zapasowa jest z ${at}, sprzed ponad doby. Sprawdź w logu serwera, co stało się o ${hour}, albo wykonaj npm run backup.`,
    );
  }
  const size = last.sizeBytes === null ? '' : ` (${megabytes(last.sizeBytes)})`;
  return line(
    'ok',
    `Ostatnia kopia zapasowa${size}: ${at}, sprawdzona próbnym odtworzeniem. Kolejna o ${hour}.`,
  );
}
