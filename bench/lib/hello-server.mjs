// The baseline: a bare Fastify "hello" server (the server's own Fastify, no
// plugins, no logger), so every API figure can be read as a share of what this
// machine and this HTTP stack can do at all.
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from './util.mjs';

const Fastify = createRequire(path.join(root, 'apps/server/package.json'))('fastify');
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
console.log('ready');
