import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { type ChunkGraph, paintFromHtmlEverywhere, preloadSignedInScreens } from './first-paint';

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(html|js|css|svg|json|txt|xml|webmanifest)$/;

/** The build's brotli compression (also what route-sizes.ts counts). */
export function brotli(data: Buffer): Buffer {
  return zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

/**
 * Writes `<file>.br` and `<file>.gz` next to every text file, once at build
 * time, so the server sends compressed files without spending CPU per request
 * (on a phone on slow 4G this halves the time to the first paint).
 */
export function precompress(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const data = fs.readFileSync(file);
    if (data.length < 1024) continue;
    fs.writeFileSync(`${file}.br`, brotli(data));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  }
}

/**
 * Runs at the end of `react-router build` (react-router.config.ts buildEnd):
 * turns the prerendered /404 into 404.html for the server, moves Vite's
 * manifest out of the served folder, and writes
 * robots.txt and sitemap.xml with absolute URLs of the public routes, lets
 * every page paint from its HTML alone (first-paint.ts), lists the chunks of
 * the screens signed-in visitors see on their pages, then precompresses
 * every text file.
 */
export function finishBuild(options: {
  buildDirectory: string;
  siteUrl: string;
  publicRoutes: readonly string[];
}) {
  const client = path.join(options.buildDirectory, 'client');
  const prerendered = path.join(client, '404', 'index.html');
  if (!fs.existsSync(prerendered)) {
    throw new Error(`${prerendered} is missing; is '/404' still in the prerender list?`);
  }
  fs.copyFileSync(prerendered, path.join(client, '404.html'));
  // Vite's module graph (vite.config.ts) is for route-sizes.ts and the signed-in
  // screens' preloads, not for visitors.
  const viteManifest = path.join(client, '.vite', 'manifest.json');
  const graphFile = path.join(options.buildDirectory, 'vite-manifest.json');
  if (fs.existsSync(viteManifest)) {
    fs.renameSync(viteManifest, graphFile);
    fs.rmSync(path.join(client, '.vite'), { recursive: true, force: true });
  }
  // No /404/ directory may remain: /404 is an unknown path like any other.
  fs.rmSync(path.join(client, '404'), { recursive: true, force: true });

  const base = options.siteUrl.replace(/\/+$/, '');
  const urls = options.publicRoutes
    .map((route) => {
      const loc = `${base}${route === '/' ? '/' : route}`;
      const priority = route === '/' ? '1.0' : '0.7';
      return `  <url>\n    <loc>${loc}</loc>\n    <changefreq>monthly</changefreq>\n    <priority>${priority}</priority>\n  </url>`;
    })
    .join('\n');
  fs.writeFileSync(
    path.join(client, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
  );
  fs.writeFileSync(
    path.join(client, 'robots.txt'),
    [
      'User-agent: *',
      'Allow: /',
      // Account and API pages are private or useless in search results.
      'Disallow: /api/',
      'Disallow: /profile',
      'Disallow: /login',
      'Disallow: /register',
      'Disallow: /verify-email',
      'Disallow: /forgot-password',
      'Disallow: /reset-password',
      'Disallow: /security/',
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n'),
  );
  paintFromHtmlEverywhere(client);
  preloadSignedInScreens(client, JSON.parse(fs.readFileSync(graphFile, 'utf8')) as ChunkGraph);
  precompress(client);
}
