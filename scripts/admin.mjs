// `npm run admin -- grant|revoke|list …`: the admin CLI, built on first use.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${root}apps/server/dist/admin.js`)) {
  execSync('npm run build -w apps/server', { cwd: root, stdio: 'inherit' });
}
await import(`${root}apps/server/dist/admin.js`);
