// `npm start`: builds what is missing, then runs the server in this process.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webBuilt = existsSync(`${root}apps/web/build/client/index.html`);
const serverBuilt = existsSync(`${root}apps/server/dist/main.js`);

if (!webBuilt) execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
if (!serverBuilt) execSync('npm run build -w apps/server', { cwd: root, stdio: 'inherit' });

await import(`${root}apps/server/dist/main.js`);
