// Runs after `react-router build`. The catch-all route is prerendered at /404;
// the server sends that page, as build/client/404.html, with status 404 for any
// unknown path (apps/server/src/plugins/web-app.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const client = path.resolve(webRoot, process.env.WEB_BUILD_DIR ?? 'build', 'client');
const prerendered = path.join(client, '404', 'index.html');
if (!fs.existsSync(prerendered)) {
  console.error(`post-build: ${prerendered} is missing; is '/404' still in the prerender list?`);
  process.exit(1);
}
fs.copyFileSync(prerendered, path.join(client, '404.html'));
// Leave no /404/ directory behind: /404 is an unknown path like any other.
fs.rmSync(path.join(client, '404'), { recursive: true, force: true });
console.log('post-build: wrote build/client/404.html');
