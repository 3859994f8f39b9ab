import path from 'node:path';
import { loadConfig } from '../config';
import { askRunningServer } from '../modules/backups/index';
import { backupEmbedded, restoreEmbedded } from './backup';

const USAGE = `Usage:
  npm run backup [-- <folder>]        back up DATA_DIR (database + uploads) into <folder> (default ./backups);
                                      beside a running server, that server takes and verifies it
  npm run restore -- <backup-folder>  restore a backup into DATA_DIR, which must be new and empty`;

const PG_HINT =
  'DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/operations.md, "Backups").';

async function main() {
  const [command, target] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') {
    if (config.databaseUrl) throw new Error(PG_HINT);
    const outDir = path.resolve(target ?? 'backups');
    // A running server holds the DATA_DIR lock; it takes the backup itself, online.
    const answer = await askRunningServer(config.dataDir, outDir);
    if (answer) {
      if (!answer.ok) throw new Error(`The running server could not back up: ${answer.error}`);
      console.log(
        `Backup written by the running server to ${answer.folder} (${answer.rows} rows, ${answer.files} files) and verified by a test restore.`,
      );
      return;
    }
    const { folder, manifest } = await backupEmbedded({ dataDir: config.dataDir, outDir });
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    console.log(`Backup written to ${folder} (${rows} rows, ${manifest.uploads} files).`);
  } else if (command === 'restore' && target) {
    if (config.databaseUrl) throw new Error(PG_HINT);
    const manifest = await restoreEmbedded({ backupDir: target, dataDir: config.dataDir });
    console.log(
      `Restored the backup of ${manifest.createdAt} into ${config.dataDir}; every table and file checked.`,
    );
  } else {
    throw new Error(USAGE);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
