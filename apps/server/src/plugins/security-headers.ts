import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Hashes of the inline scripts in the built HTML, so the CSP can allow exactly those. */
export function inlineScriptHashes(webDir: string): string[] {
  const hashes = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'assets') visit(full);
      else if (entry.isFile() && entry.name.endsWith('.html')) {
        const html = fs.readFileSync(full, 'utf8');
        for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
          const body = match[1] ?? '';
          if (body.trim())
            hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
        }
      }
    }
  };
  if (fs.existsSync(webDir)) visit(webDir);
  return [...hashes];
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
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(config.webDir)],
        // React and the toast library set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
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
    // Helmet 8 throws rather than passing an error on; it calls `next` synchronously.
    setHeaders(request.raw, reply.raw, () => done());
  });
}
