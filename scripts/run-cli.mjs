// Runs one of the server's command-line tools (apps/server/src/cli), building
// the server on first use: `node scripts/run-cli.mjs <admin|backup-cli|migrate-to-postgres-cli> …args`.
import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const [name, ...args] = process.argv.slice(2);
const cli = `${root}apps/server/dist/${name}.js`;
if (!existsSync(cli)) execSync('npm run build -w apps/server', { cwd: root, stdio: 'inherit' });

try {
  execFileSync(process.execPath, [cli, ...args], { stdio: 'inherit' });
} catch (error) {
  process.exit(typeof error.status === 'number' ? error.status : 1);
}
