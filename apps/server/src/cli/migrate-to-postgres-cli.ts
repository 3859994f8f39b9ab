import { loadConfig } from '../config';
import { formatSummary, migrateToPostgres } from './migrate-to-postgres';
import type { TargetStorage } from './migrate-to-postgres-files';

const USAGE = `Usage (the embedded server stopped, DATA_DIR as for the server):
  npm run migrate-to-postgres -- <postgres://user:pass@host/db> [--storage local|database] [--batch-size N]

  --storage local     attachments stay in DATA_DIR/uploads (default; one machine)
  --storage database  attachment bytes are copied into PostgreSQL (several instances)
  --batch-size N      rows per batch (default 500)`;

function parseArgs(args: string[]): {
  targetUrl: string;
  storage: TargetStorage;
  batchSize: number;
} {
  let targetUrl: string | undefined;
  let storage: TargetStorage = 'local';
  let batchSize = 500;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const [flag, inline] = arg?.startsWith('--') ? arg.split('=', 2) : [arg, undefined];
    const value = () => inline ?? args[++i];
    if (flag === '--storage') {
      const chosen = value();
      if (chosen !== 'local' && chosen !== 'database') throw new Error(USAGE);
      storage = chosen;
    } else if (flag === '--batch-size') {
      batchSize = Number(value());
      if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(USAGE);
    } else if (arg && /^postgres(ql)?:\/\//.test(arg) && !targetUrl) {
      targetUrl = arg;
    } else {
      throw new Error(USAGE);
    }
  }
  if (!targetUrl) throw new Error(USAGE);
  return { targetUrl, storage, batchSize };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  console.log(`Copying the embedded data in ${config.dataDir} to PostgreSQL…`);
  const summary = await migrateToPostgres({ dataDir: config.dataDir, ...options });
  console.log(formatSummary(summary));
}

main().catch((error) => {
  // Refusals and mismatches are written for the operator; so is anything else.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
