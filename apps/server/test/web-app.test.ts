import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { STUDIO_PLACEHOLDERS as P, phoneHref } from '@studio/shared/studio-details';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashesOf } from '../src/plugins/security-headers';
import { createTestContext, testConfig } from './helpers';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
afterAll(() => ctx.teardown());

/** A miniature web build: prerendered pages, the SPA fallback, the 404 page and a hashed asset. */
function fakeBuild() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-web-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write('index.html', '<h1>Strona główna</h1>');
  write('team/index.html', '<h1>Nasz Zespół</h1>');
  write('__spa-fallback.html', '<div id="app">SPA</div>');
  write('404.html', '<h1>404</h1>');
  write('assets/app-abc123.js', 'console.log(1)');
  write('favicon.svg', '<svg/>');
  return dir;
}

describe('serving the web app', () => {
  it('serves prerendered pages, the SPA fallback, a real 404 and cacheable assets', async () => {
    const webDir = fakeBuild();
    const app = await ctx.app({ config: testConfig({ WEB_DIR: webDir }) });
    const home = await app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Strona główna');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/team' })).body).toContain('Nasz Zespół');
    expect((await app.inject({ url: '/team/' })).body).toContain('Nasz Zespół');
    const contact = await app.inject({ url: '/contact?ticket=3' });
    expect(contact.statusCode).toBe(200);
    expect(contact.body).toContain('SPA');
    const missing = await app.inject({ url: '/nie-ma-takiej-strony' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('404');
    const asset = await app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
    expect((await app.inject({ url: '/api/nie-ma' })).json()).toEqual({ error: 'not_found' });
  });

  it('sends the precompressed copies the build wrote, to clients that accept them', async () => {
    const webDir = fakeBuild();
    const page = '<h1>Strona główna</h1>'.repeat(100);
    fs.writeFileSync(path.join(webDir, 'index.html'), page);
    fs.writeFileSync(path.join(webDir, 'index.html.br'), zlib.brotliCompressSync(page));
    fs.writeFileSync(path.join(webDir, 'index.html.gz'), zlib.gzipSync(page));
    const script = 'console.log("x");'.repeat(200);
    fs.writeFileSync(path.join(webDir, 'assets/app-abc123.js'), script);
    fs.writeFileSync(path.join(webDir, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(script));
    const app = await ctx.app({ config: testConfig({ WEB_DIR: webDir }) });

    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(page);
    const gz = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(page);
    const plain = await app.inject({ url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
    const refused = await app.inject({ url: '/', headers: { 'accept-encoding': 'br;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();

    const asset = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(asset.rawPayload).toString()).toBe(script);
  });

  it('writes the runtime PUBLIC_URL into canonical, og:url and og:image of prerendered pages', async () => {
    const webDir = fakeBuild();
    // What the prerender writes with the build's default address (apps/web/src/lib/page-meta.ts).
    const head = (route: string) =>
      '<head><meta property="og:url" content="http://localhost:3000' +
      route +
      '"/><meta property="og:image" content="http://localhost:3000/og-image.png"/>' +
      '<meta name="twitter:image" content="http://localhost:3000/og-image.png"/>' +
      `<link rel="canonical" href="http://localhost:3000${route}"/>` +
      '<link rel="icon" href="/favicon.svg"/></head>';
    const body = `<body><a href="http://localhost:3000/team">Zespół</a>${'x'.repeat(2000)}`;
    fs.writeFileSync(path.join(webDir, 'index.html'), `${head('/')}${body}`);
    fs.writeFileSync(path.join(webDir, 'team/index.html'), `${head('/team')}${body}`);
    // A stale precompressed copy holds the build's address: it must not be sent as it is.
    fs.writeFileSync(
      path.join(webDir, 'team/index.html.br'),
      zlib.brotliCompressSync(head('/team')),
    );
    const app = await ctx.app({
      config: testConfig({ WEB_DIR: webDir, PUBLIC_URL: 'https://inna-domena.test/' }),
    });

    for (const [url, route] of [
      ['/', '/'],
      ['/team', '/team'],
      ['/team/', '/team'],
    ] as const) {
      for (const encoding of ['br', 'gzip', undefined]) {
        const response = await app.inject({
          url,
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
        expect(response.headers['content-encoding']).toBe(encoding);
        const html =
          encoding === 'br'
            ? zlib.brotliDecompressSync(response.rawPayload).toString()
            : encoding === 'gzip'
              ? zlib.gunzipSync(response.rawPayload).toString()
              : response.body;
        expect(html, `${url} ${encoding}`).toContain(
          `<link rel="canonical" href="https://inna-domena.test${route}"/>`,
        );
        expect(html).toContain(
          `<meta property="og:url" content="https://inna-domena.test${route}"/>`,
        );
        expect(html).toContain(
          '<meta property="og:image" content="https://inna-domena.test/og-image.png"/>',
        );
        expect(html).toContain(
          '<meta name="twitter:image" content="https://inna-domena.test/og-image.png"/>',
        );
        expect(html).not.toContain('content="http://localhost:3000');
        // Only those head tags change: links in the page and relative paths stay as built.
        expect(html).toContain('<a href="http://localhost:3000/team">Zespół</a>');
        expect(html).toContain('<link rel="icon" href="/favicon.svg"/>');
      }
    }
  });

  it("allows each page its own inline scripts only, and the site's to what is not a page", async () => {
    const webDir = fakeBuild();
    const theme = '<script>document.documentElement.classList.add("dark")</script>';
    const homeOnly = '<script>window.strips=1</script>';
    const teamOnly = '<script>window.team=1</script>';
    fs.writeFileSync(path.join(webDir, 'index.html'), `${theme}<h1>Strona główna</h1>${homeOnly}`);
    fs.writeFileSync(
      path.join(webDir, 'team/index.html'),
      `${theme}<h1>Nasz Zespół</h1>${teamOnly}`,
    );
    const [themeHash, homeHash, teamHash] = [theme, homeOnly, teamOnly].map(
      (script) => inlineScriptHashesOf(script)[0] ?? '',
    );
    expect(new Set([themeHash, homeHash, teamHash]).size).toBe(3);
    const app = await ctx.app({ config: testConfig({ WEB_DIR: webDir }) });
    const scriptSources = (csp: unknown) =>
      /script-src ([^;]*)/.exec(String(csp))?.[1]?.split(' ') ?? [];
    const home = scriptSources((await app.inject({ url: '/' })).headers['content-security-policy']);
    expect(home).toEqual(["'self'", themeHash, homeHash]);
    const team = scriptSources(
      (await app.inject({ url: '/team' })).headers['content-security-policy'],
    );
    expect(team).toEqual(["'self'", themeHash, teamHash]);
    // An asset or a file served as it is carries the policy of every page's scripts.
    const asset = await app.inject({ url: '/assets/app-abc123.js' });
    expect(scriptSources(asset.headers['content-security-policy']).sort()).toEqual(
      ["'self'", themeHash, homeHash, teamHash].sort(),
    );
    // The rest of the policy is the same everywhere.
    const rest = (csp: unknown) => String(csp).replace(/script-src [^;]*/, '');
    expect(rest((await app.inject({ url: '/' })).headers['content-security-policy'])).toBe(
      rest(asset.headers['content-security-policy']),
    );
  });

  it('never serves a file outside the build', async () => {
    const webDir = fakeBuild();
    fs.writeFileSync(path.join(path.dirname(webDir), 'secret.txt'), 'tajne');
    const app = await ctx.app({ config: testConfig({ WEB_DIR: webDir }) });
    for (const url of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const response = await app.inject({ url });
      expect(response.body, url).not.toContain('tajne');
    }
  });

  it('fills the studio’s details into every page it sends, in the text, links and meta tags, and leaves scripts as built', async () => {
    const webDir = fakeBuild();
    // What the prerender writes (apps/web/src/root.tsx, components/company-details.tsx, content/legal.ts):
    // the placeholders of packages/shared/src/studio-details.ts wherever a detail goes.
    const head =
      `<head><meta name="studio-name" content="${P.name}"/><meta name="studio-address" content="${P.address}"/>` +
      `<meta name="studio-nip" content="${P.nip}"/><meta name="studio-regon" content="${P.regon}"/>` +
      `<meta name="studio-email" content="${P.email}"/><meta name="studio-phone" content="${P.phone}"/>` +
      // An inline script is sent as built, whatever it holds, so its CSP hash stays right.
      `<script>window.built=${JSON.stringify(P.nip)}</script></head>`;
    const footer =
      `<footer><p>${P.name}</p><dl><dt>Adres</dt><dd>${P.address}</dd><dt>NIP</dt><dd>${P.nip}</dd>` +
      `<dt>REGON</dt><dd>${P.regon}</dd><dd><a href="mailto:${P.email}">${P.email}</a></dd>` +
      `<dd><a href="${phoneHref(P.phone)}">${P.phone}</a></dd></dl></footer>`;
    const legal = `<p>Ta umowa określa zasady, na jakich ${P.name}, ${P.address}, NIP ${P.nip}, REGON ${P.regon} (dalej: „Studio”) tworzy…</p>`;
    const page = (main: string) => `${head}<body>${main}${footer}${'x'.repeat(2000)}</body>`;
    const pages: Record<string, string> = {
      'index.html': page('<h1>Strona główna</h1>'),
      'contact/index.html': page(`<h2>Dane studia</h2>${footer}`),
      'terms-and-conditions/index.html': page(legal),
      'team/index.html': page('<h1>Nasz Zespół</h1>'),
      '404.html': page('<h1>404</h1>'),
      '__spa-fallback.html': `${head}<body>Ładowanie…</body>`,
    };
    for (const [file, html] of Object.entries(pages)) {
      fs.mkdirSync(path.dirname(path.join(webDir, file)), { recursive: true });
      fs.writeFileSync(path.join(webDir, file), html);
      // Precompressed copies of the build hold the placeholders too: never sent as they are.
      fs.writeFileSync(path.join(webDir, `${file}.br`), zlib.brotliCompressSync(html));
    }
    const app = await ctx.app({
      config: testConfig({
        WEB_DIR: webDir,
        STUDIO_NAME: 'Pracownia „Kod & Kawa” sp. z o.o.',
        STUDIO_ADDRESS: 'ul. Długa 5, 31-147 Kraków',
        STUDIO_NIP: '526-025-09-95',
        STUDIO_REGON: '123456785',
        STUDIO_EMAIL: 'biuro@kodikawa.pl',
        STUDIO_PHONE: '+48 12 345 67 89',
      }),
    });
    const builtScript = `<script>window.built=${JSON.stringify(P.nip)}</script>`;
    const scriptHash = inlineScriptHashesOf(builtScript)[0] ?? '';

    for (const [url, status] of [
      ['/', 200],
      ['/contact', 200],
      ['/terms-and-conditions', 200],
      ['/team', 200],
      ['/profile', 200],
      ['/nie-ma-takiej-strony', 404],
      // A page file asked for by its name is a page address like any unknown one.
      ['/contact/index.html', 404],
      ['/index.html.br', 404],
    ] as const) {
      for (const encoding of ['br', undefined]) {
        const response = await app.inject({
          url,
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
        expect(response.statusCode, url).toBe(status);
        const html =
          response.headers['content-encoding'] === 'br'
            ? zlib.brotliDecompressSync(response.rawPayload).toString()
            : response.body;
        const shown = html.replace(builtScript, '');
        for (const placeholder of [...Object.values(P), phoneHref(P.phone), '[uzupełnij']) {
          expect(shown, `${url} ${encoding}`).not.toContain(placeholder);
        }
        expect(html).toContain(builtScript);
        expect(html).toContain(
          '<meta name="studio-name" content="Pracownia „Kod &#38; Kawa” sp. z o.o."/>',
        );
        expect(html).toContain('<meta name="studio-nip" content="5260250995"/>');
        expect(html).toContain('<meta name="studio-phone" content="+48 12 345 67 89"/>');
        expect(String(response.headers['content-security-policy'])).toContain(scriptHash);
        if (url === '/profile') continue;
        expect(html).toContain('<p>Pracownia „Kod &#38; Kawa” sp. z o.o.</p>');
        expect(html).toContain('<dd>ul. Długa 5, 31-147 Kraków</dd>');
        expect(html).toContain('<dt>NIP</dt><dd>5260250995</dd><dt>REGON</dt><dd>123456785</dd>');
        expect(html).toContain('<a href="mailto:biuro@kodikawa.pl">biuro@kodikawa.pl</a>');
        expect(html).toContain('<a href="tel:+48123456789">+48 12 345 67 89</a>');
      }
    }
    const terms = (await app.inject({ url: '/terms-and-conditions' })).body;
    expect(terms).toContain(
      'na jakich Pracownia „Kod &#38; Kawa” sp. z o.o., ul. Długa 5, 31-147 Kraków, NIP 5260250995, REGON 123456785 (dalej: „Studio”)',
    );
  });

  it('sends the placeholders as built while the details are unset (development)', async () => {
    const webDir = fakeBuild();
    const html = `<footer><p>${P.name}</p><dd>${P.nip}</dd></footer>${'x'.repeat(2000)}`;
    fs.writeFileSync(path.join(webDir, 'index.html'), html);
    const app = await ctx.app({ config: testConfig({ WEB_DIR: webDir }) });
    expect((await app.inject({ url: '/' })).body).toBe(html);
  });
});
