import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testConfig } from './helpers';

/*
 * The installable app's static files (issue 33): the service worker and the
 * manifest are revalidated on every use, the manifest has its own type, the
 * offline page is served as the plain file it is, and the site's policy lets
 * the worker and the manifest load.
 */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
afterAll(() => ctx.teardown());

const OFFLINE = '<!doctype html><h1>Brak połączenia — spróbuj ponownie</h1>';

function fakeBuild() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<h1>Strona główna</h1>');
  fs.writeFileSync(path.join(dir, '404.html'), '<h1>404</h1>');
  fs.writeFileSync(path.join(dir, 'sw.js'), "self.addEventListener('fetch', () => {});");
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Nasze Studio"}');
  fs.writeFileSync(path.join(dir, 'offline.html'), OFFLINE);
  fs.writeFileSync(path.join(dir, 'offline.html.br'), zlib.brotliCompressSync(OFFLINE));
  fs.writeFileSync(path.join(dir, 'icon-192.png'), 'png');
  return dir;
}

describe('the installable app’s static files', () => {
  it('sends the service worker and the manifest with no-cache, the manifest as application/manifest+json', async () => {
    const app = await ctx.app({ config: testConfig({ WEB_DIR: fakeBuild() }) });
    const worker = await app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ name: 'Nasze Studio' });
    expect((await app.inject({ url: '/icon-192.png' })).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
  });

  it('serves the offline page as its file, compressed too, while other .html paths stay pages', async () => {
    const app = await ctx.app({ config: testConfig({ WEB_DIR: fakeBuild() }) });
    const plain = await app.inject({ url: '/offline.html' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(OFFLINE);
    expect(plain.headers['cache-control']).toBe('no-cache');
    const compressed = await app.inject({
      url: '/offline.html',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(OFFLINE);
    // Any other page file is still never sent as it lies on disk.
    expect((await app.inject({ url: '/index.html' })).statusCode).toBe(404);
  });

  it('allows the service worker and the manifest in the site’s Content-Security-Policy', async () => {
    const app = await ctx.app({ config: testConfig({ WEB_DIR: fakeBuild() }) });
    const csp = String((await app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
