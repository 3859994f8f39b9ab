// `npm run admin -- grant|revoke|list …`: runs the admin CLI, building it on first use.
import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = `${root}apps/server/dist/admin.js`;
if (!existsSync(cli)) execSync('npm run build -w apps/server', { cwd: root, stdio: 'inherit' });

try {
  execFileSync(process.execPath, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
} catch (error) {
  process.exit(typeof error.status === 'number' ? error.status : 1);
}
