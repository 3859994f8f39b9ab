import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** An inline script that runs: no `src`, and not data (`type="application/json"`, the server-rendered Kontakt's state). */
const INLINE_SCRIPT =
  /<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/json")[^>]*>([\s\S]*?)<\/script>/g;

/** CSP sources for the inline scripts of one page, so its policy allows exactly those. */
export function inlineScriptHashesOf(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? '';
    if (body.trim()) hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return [...hashes];
}

/** The inline scripts of every built page together: the policy of what is not a page. */
export function inlineScriptHashes(webDir: string): string[] {
  const hashes = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'assets') visit(full);
      else if (entry.isFile() && entry.name.endsWith('.html')) {
        for (const hash of inlineScriptHashesOf(fs.readFileSync(full, 'utf8'))) hashes.add(hash);
      }
    }
  };
  if (fs.existsSync(webDir)) visit(webDir);
  return [...hashes];
}

/**
 * The site's Content-Security-Policy with `scriptHashes` as its inline
 * scripts. A page is sent with its own scripts' hashes only
 * (`plugins/web-app.ts`): with every page's, the header of `/` was 1.8 KB, and
 * with it the answer passed the ~14.6 KB a new connection delivers in its
 * first round trip, which cost a whole round trip before the first paint
 * on a phone's network (issue 20, bench/README.md "Pages").
 */
export function contentSecurityPolicy(scriptHashes: readonly string[], isHttps: boolean): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes]],
    // React and the toast library set inline styles.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'"]],
    // The service worker (/sw.js) and the installable app's manifest are our own files.
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ...(isHttps ? [['upgrade-insecure-requests', []] as [string, string[]]] : []),
  ];
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join(';');
}

/**
 * Security headers on every response, worked out once here rather than per
 * request (as @fastify/helmet does: a tenth of the cost of a small API call in
 * bench/). Pages and static files get Helmet's full set with the site's CSP;
 * JSON calls under /api/ get a short, stricter set: nothing in a JSON answer
 * is ever rendered, and every header costs both sides of each call.
 */
export function securityHeaders(app: FastifyInstance) {
  const { config } = app.deps;
  const apiHeaders: Array<[string, string]> = [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'no-referrer'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ...(config.isHttps
      ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]]
      : []),
  ];
  const sitePolicy = contentSecurityPolicy(inlineScriptHashes(config.webDir), config.isHttps);
  const setHeaders = helmet({
    // Set below, and per page by the page handler.
    contentSecurityPolicy: false,
    // HSTS only means something over https.
    strictTransportSecurity: config.isHttps
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    // no-referrer everywhere, so the reset page's token never leaks through a Referer.
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) {
      for (const [name, value] of apiHeaders) reply.raw.setHeader(name, value);
      done();
      return;
    }
    reply.raw.setHeader('Content-Security-Policy', sitePolicy);
    // Helmet 8 throws rather than passing an error on; it calls `next` synchronously.
    setHeaders(request.raw, reply.raw, () => done());
  });
}
